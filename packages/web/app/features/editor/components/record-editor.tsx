import { Stack } from '@mantine/core';
import { type ComponentType, memo, type ReactNode, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { useOpenedOnce } from '../../../lib/hooks/use-opened-once';
import { useEditorForm } from '../hooks/use-editor-form';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useMountedInTurns } from '../hooks/use-mounted-in-turns';
import {
  type EditedRecord,
  type SavedArrival,
  useRecordActions,
} from '../hooks/use-record-actions';
import type { EditorValues } from '../model/editor-values';
import type { SectionId } from '../model/field-spec';
import { sectionAnchor } from '../model/sections';
import { ConflictModal } from './conflict-modal';
import classes from './editor.module.css';
import { EditorActions } from './editor-actions';
import { EditorProvider, useStoreSelector } from './editor-context';
import { IssueSummary } from './issue-summary';
import { LeaveModal } from './leave-modal';
import { ProgressOverview } from './progress-overview';
import { ConstraintsSection } from './sections/constraints-section';
import { ContactsSection } from './sections/contacts-section';
import { DistributionSection } from './sections/distribution-section';
import { ExtentSection } from './sections/extent-section';
import { IdentificationSection } from './sections/identification-section';
import { KeywordsSection } from './sections/keywords-section';
import { QualitySection } from './sections/quality-section';
import { TimeSection } from './sections/time-section';
import { StepCommentModal } from './step-comment-modal';

export interface RecordEditorProps {
  /** The saved record being edited; null for a new one (its first save creates it). */
  record: EditedRecord | null;
  /** The form's starting values. */
  values: EditorValues;
  /** Shown above the sections, e.g. the import on the create page. */
  before?: ReactNode;
}

/** The sections in the order of the form (and of `sectionIds`). */
const sections: readonly { id: SectionId; Section: ComponentType }[] = [
  { id: 'identification', Section: IdentificationSection },
  { id: 'keywords', Section: KeywordsSection },
  { id: 'extent', Section: ExtentSection },
  { id: 'time', Section: TimeSection },
  { id: 'contacts', Section: ContactsSection },
  { id: 'constraints', Section: ConstraintsSection },
  { id: 'distribution', Section: DistributionSection },
  { id: 'quality', Section: QualitySection },
];

/**
 * The inputs, section by section. Memoised: they re-render for the values, problems and
 * requirements they subscribe to, not with the editor around them.
 *
 * The sections mount one per render right after the editor's first commit
 * (`useMountedInTurns`): mounted at once, the whole form was one task of 200–330 ms on a
 * phone (Lighthouse's 4× slowdown), in which nobody could type. Not even the first mounts
 * with the editor: its select sets state during the commit (floating-ui's reference), which
 * made React render again and run all of the commit's effects in the same task. A section
 * not yet mounted keeps its place and its anchor, so the page neither jumps nor loses a
 * link's target meanwhile.
 */
const EditorSections = memo(function EditorSections() {
  const mounted = useMountedInTurns(sections.length, 0);
  return (
    <>
      {sections.map(({ id, Section }, index) =>
        index < mounted ? (
          <Section key={id} />
        ) : (
          <div key={id} id={sectionAnchor(id)} className={classes.pendingSection} />
        ),
      )}
    </>
  );
});

/**
 * The metadata editor: one form over the whole record in eight sections, a progress
 * overview (beside the form on wide screens, above it on phones), the save and workflow
 * actions, the conflict view for lost updates and the warning before unsaved changes are
 * lost. Enter in a one-line field saves, like the "Save draft" button.
 */
export function RecordEditor({ record, values, before }: RecordEditorProps) {
  const intl = useIntl();
  const editor = useEditorForm(values);
  const { store } = editor;
  const dirty = useStoreSelector(store, () => editor.form.isDirty());
  const progress = useStoreSelector(store, (current) => current.getCheck().progress);
  const issues = useStoreSelector(store, (current) => current.getCheck().issues);
  const missing = useStoreSelector(store, (current) => current.getCheck().missing);
  const leave = useLeaveGuard(dirty);
  const summary = useRef<HTMLDivElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const actions = useRecordActions({
    editor,
    initial: record,
    allowNavigation: leave.allowNextNavigation,
    onInvalid: () => requestAnimationFrame(() => summary.current?.focus()),
  });

  // A new record's first save moved here from the create page: the focus stays on "Save".
  const arrivedSaved = (useLocation().state as SavedArrival | null)?.focusSave === true;
  useEffect(() => {
    if (arrivedSaved) saveButton.current?.focus();
  }, [arrivedSaved]);

  /**
   * Runs a save or a workflow step and keeps the focus in the form: the busy button is
   * disabled meanwhile, and a disabled button drops the focus to <body>, which leaves
   * keyboard and screen-reader users at the top of the page. Once done, the focus goes back
   * where it was, else to the save button; a dialog or the problem summary that took it
   * keeps it. The effect below does it after React committed the enabled buttons (a frame
   * may come before that commit, and a disabled button takes no focus).
   */
  const [focusReturn, setFocusReturn] = useState<{ to: Element | null } | null>(null);
  // Submitting and publishing ask first, with an optional comment for the history.
  const [askingStep, setAskingStep] = useState<'submitted' | 'published' | null>(null);
  const keepingFocus = async (run: () => Promise<void>) => {
    const before = document.activeElement;
    await run();
    setFocusReturn({ to: before });
  };
  const conflictOpened = useOpenedOnce(actions.conflict !== null);
  const stepOpened = useOpenedOnce(askingStep !== null);
  const leaveOpened = useOpenedOnce(leave.blocker.state === 'blocked');
  useEffect(() => {
    if (!focusReturn) return;
    const lost = () => !document.activeElement || document.activeElement === document.body;
    const { to } = focusReturn;
    if (lost() && to instanceof HTMLElement && to !== document.body && to.isConnected) {
      to.focus();
    }
    if (lost()) saveButton.current?.focus();
  }, [focusReturn]);

  return (
    <EditorProvider editor={editor}>
      {before && <div className={classes.before}>{before}</div>}
      {/* The form spans the overview too, so that its sticky action bar is in reach from the
          top of the page on, also on a phone where the overview fills the first screen. */}
      <form
        noValidate
        aria-label={intl.formatMessage({ id: 'editor.form' })}
        // The contract's schemas load when someone starts working in the form, not with the
        // page, so that its first task stays short; they are here before a save needs them.
        onFocus={store.prepareChecks}
        onSubmit={(event) => {
          event.preventDefault();
          if (actions.busy === null) void keepingFocus(actions.handleSave);
        }}
      >
        <div className={classes.layout}>
          <ProgressOverview progress={progress} />
          <Stack gap="lg">
            <IssueSummary issues={issues} ref={summary} />
            <EditorSections />
          </Stack>
        </div>
        <EditorActions
          record={actions.record}
          busy={actions.busy}
          dirty={dirty}
          missing={missing}
          onStep={setAskingStep}
          saveRef={saveButton}
        />
      </form>
      {/* Each dialog mounts when it first opens (useOpenedOnce: why). */}
      {conflictOpened && (
        <ConflictModal
          conflict={actions.conflict}
          busy={actions.busy}
          onLoadSaved={actions.loadSaved}
          onOverwrite={() => void actions.overwrite()}
          onCancel={actions.closeConflict}
        />
      )}
      {stepOpened && (
        <StepCommentModal
          step={askingStep}
          onClose={() => setAskingStep(null)}
          onConfirm={(comment) => {
            const step = askingStep;
            setAskingStep(null);
            if (step) void keepingFocus(() => actions.handleStep(step, comment));
          }}
        />
      )}
      {leaveOpened && <LeaveModal blocker={leave.blocker} />}
    </EditorProvider>
  );
}
