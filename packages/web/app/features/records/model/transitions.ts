import type { ObjectState } from '@geoportal/contract/object';

/** A workflow step the caller may take: from the current state to `to`. */
export interface WorkflowStep {
  from: ObjectState;
  to: ObjectState;
}

/**
 * Whether a step needs a comment (DESIGN §5): sending a record back to draft needs a reason
 * for its owner — an editor returning a submission, or reopening a withdrawn record. Owners
 * may take their own submission back without one. The server decides in the end (400
 * `object.comment_required`); this only spares the round trip.
 */
export function needsComment(step: WorkflowStep, isOwner: boolean): boolean {
  if (step.to !== 'draft') return false;
  return step.from === 'withdrawn' || (step.from === 'submitted' && !isOwner);
}

/**
 * The translation key of a step's button, e.g. `record.action.submitted.draft.owner` for an
 * owner taking their submission back and `record.action.submitted.draft` for an editor
 * returning it.
 */
export function stepLabelKey(step: WorkflowStep, isOwner: boolean): string {
  const base = `record.action.${step.from}.${step.to}`;
  return step.from === 'submitted' && step.to === 'draft' && isOwner ? `${base}.owner` : base;
}
