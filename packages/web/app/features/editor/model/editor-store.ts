import { missingRequired, type RequiredField } from '@geoportal/contract/record-rules';
import { type EditorSchemas, editorSchemasNow, loadEditorSchemas } from './editor-schemas';
import type { EditorValues } from './editor-values';
import type { FormPath } from './field-paths';
import { type SectionProgress, sectionProgress } from './sections';
import { type RecordCandidate, toMetadata } from './to-metadata';
import { type FieldIssues, validateValues } from './validate';

/** What the editor shows beside the inputs, derived from the values. */
export interface EditorCheck {
  /**
   * Problems shown: refused fields, and once the user tried to save, the contract's too
   * (from when its schemas are loaded: `prepareChecks`).
   */
  issues: FieldIssues;
  /** Required fields still missing for the chosen resource type. */
  missing: RequiredField[];
  progress: SectionProgress[];
}

/**
 * The editor's values and what follows from them, outside React state: the form is
 * uncontrolled, so a keystroke re-renders only the components that read something it
 * changed (`useSyncExternalStore` with a selector), not the whole form.
 */
export interface EditorStore {
  /** The newest values (the form's, as @mantine/form reported them). */
  getValues(): EditorValues;
  /** The check of the newest values; the same objects for as long as their content stays. */
  getCheck(): EditorCheck;
  subscribe(listener: () => void): () => void;
  /** @mantine/form's `onValuesChange`: takes the values and forgets refusals of changed fields. */
  handleValuesChange(values: EditorValues, previous: EditorValues): void;
  /** Problems show from now on (the user tried to save). */
  revealIssues(): void;
  /** Marks the fields the server refused, until their values change. */
  refuse(issues: FieldIssues): void;
  /** Tells subscribers to read again, after a change the values do not show (saved, loaded). */
  notify(): void;
  /**
   * Loads the contract's schemas if they are not here yet (the editor calls it when someone
   * starts working in the form); subscribers read again once they are.
   */
  prepareChecks(): void;
}

/** The value at a dotted form path (`contacts.2.email`), for telling which input changed. */
function valueAt(values: unknown, path: FormPath): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, part) => (value && typeof value === 'object' ? (value as never)[part] : undefined),
      values,
    );
}

/** `next`, or `previous` when both say the same: subscribers then see no change. */
function keepSame<T>(previous: T | undefined, next: T): T {
  return previous !== undefined && JSON.stringify(previous) === JSON.stringify(next)
    ? previous
    : next;
}

/** A store over the form's values, starting from `initial`. */
export function createEditorStore(initial: EditorValues): EditorStore {
  let values = initial;
  let showIssues = false;
  let refused: FieldIssues = {};
  const listeners = new Set<() => void>();

  // The last check and what it was computed from.
  let check: EditorCheck | undefined;
  let checkedValues: EditorValues | undefined;
  let checkedInputs:
    | { showIssues: boolean; refused: FieldIssues; schemas: EditorSchemas | undefined }
    | undefined;
  let contractIssues: FieldIssues = {};

  const notify = () => {
    for (const listener of listeners) listener();
  };

  let schemasRequested = false;
  const prepareChecks = () => {
    if (schemasRequested || editorSchemasNow()) return;
    schemasRequested = true;
    // A failed load is tried again on the next change or save (which reports it).
    loadEditorSchemas().then(notify, () => {
      schemasRequested = false;
    });
  };

  const getCheck = (): EditorCheck => {
    const schemas = editorSchemasNow();
    if (
      check &&
      checkedValues === values &&
      checkedInputs?.showIssues === showIssues &&
      checkedInputs.refused === refused &&
      checkedInputs.schemas === schemas
    ) {
      return check;
    }
    // The contract's problems are only needed once they show.
    const recheck = checkedValues !== values || checkedInputs?.schemas !== schemas;
    let metadata: RecordCandidate['metadata'] | undefined;
    if (showIssues && schemas && (recheck || !checkedInputs?.showIssues)) {
      const validation = validateValues(values, schemas);
      contractIssues = validation.issues;
      metadata = validation.candidate.metadata;
    }
    const issues = keepSame(
      check?.issues,
      showIssues ? { ...refused, ...contractIssues } : refused,
    );
    metadata ??= toMetadata(values).metadata;
    const missing = keepSame(check?.missing, missingRequired(metadata, values.type || 'dataset'));
    const progress = keepSame(
      check?.progress,
      sectionProgress(metadata, values.type, Object.keys(issues)),
    );
    const same =
      check && check.issues === issues && check.missing === missing && check.progress === progress;
    if (!same || !check) check = { issues, missing, progress };
    checkedValues = values;
    checkedInputs = { showIssues, refused, schemas };
    return check;
  };

  return {
    getValues: () => values,
    getCheck,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    handleValuesChange(next, previous) {
      values = next;
      const kept = Object.entries(refused).filter(
        ([path]) => valueAt(next, path) === valueAt(previous, path),
      );
      if (kept.length !== Object.keys(refused).length) refused = Object.fromEntries(kept);
      prepareChecks();
      notify();
    },
    revealIssues() {
      prepareChecks();
      if (showIssues) return;
      showIssues = true;
      notify();
    },
    refuse(issues) {
      refused = issues;
      notify();
    },
    notify,
    prepareChecks,
  };
}
