import type { ObjectDetailed, ObjectNormal, ObjectState } from '@geoportal/contract/object';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { changeState } from '../../../lib/api/change-state';
import { getEditableRecord } from '../../../lib/api/get-record';
import { useAccess } from '../../../lib/auth/access';
import { errorText } from '../../../lib/http/error-text';
import { HttpRequestError, isHttpRequestError } from '../../../lib/http/http-error';
import { useToast } from '../../../lib/use-toast';
import { pathTo } from '../../../route-paths';
import { createRecord } from '../api/create-record';
import { updateRecord } from '../api/update-record';
import type { RecordVersion } from '../model/conflict-diff';
import { type EditorSchemas, loadEditorSchemas } from '../model/editor-schemas';
import type { EditorValues } from '../model/editor-values';
import { toFormValues } from '../model/to-form-values';
import { serverIssues, validateValues } from '../model/validate';
import type { EditorForm } from './use-editor-form';

/** The saved object the editor works on; null for a record not yet created. */
export interface EditedRecord {
  id: string;
  version: number;
  state: ObjectState;
  /** Workflow steps the user may take now (`permissions.transitions`). */
  transitions: readonly ObjectState[];
}

/** A lost update: the user's version and the one someone else saved in between. */
export interface Conflict {
  mine: RecordVersion;
  saved: ObjectDetailed;
}

export type Busy = 'save' | 'submitted' | 'published' | 'overwrite' | null;

/**
 * The history state of the edit address after a new record's first save: the editor there
 * puts the focus on its save button, since the create page's editor (and its focus) is gone.
 */
export interface SavedArrival {
  focusSave: true;
}

interface Options {
  editor: EditorForm;
  initial: EditedRecord | null;
  /** Called before the editor navigates itself, so the leave warning lets it pass. */
  allowNavigation: () => void;
  /** Called when a save was refused for malformed values (the page shows the problems). */
  onInvalid: () => void;
}

/**
 * Saving, submitting and resolving conflicts. A new record is created by its first save
 * and the page moves to its edit address; later saves send the version the editor started
 * from, and a 409 `object.version_conflict` opens the conflict view with the saved version.
 */
export function useRecordActions({ editor, initial, allowNavigation, onInvalid }: Options) {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const { client } = useAccess();
  const [record, setRecord] = useState<EditedRecord | null>(initial);
  const [busy, setBusy] = useState<Busy>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const say = (id: string) => intl.formatMessage({ id });
  const showError = (error: unknown) =>
    toast.error(errorText(error, intl.formatMessage, intl.messages));

  /** Marks the fields a 400 answer names, so the user sees where the server objected. */
  const markRefused = (error: unknown, values: EditorValues) => {
    if (!(error instanceof HttpRequestError) || typeof error.body !== 'object') return;
    const fields = error.body.fields ?? [];
    if (fields.length > 0) editor.refuse(serverIssues(values, fields, error.code));
  };

  const openConflict = async (current: EditedRecord, mine: RecordVersion) => {
    try {
      setConflict({ mine, saved: await getEditableRecord(client, current.id) });
    } catch (error) {
      showError(error);
    }
  };

  /**
   * Saves the form; answers the saved object, or null when nothing was saved (malformed
   * values, a refusal, a conflict). `quiet` leaves the success toast to the caller.
   */
  const save = async (quiet = false): Promise<ObjectNormal | null> => {
    editor.revealIssues();
    const values = editor.form.getValues();
    let schemas: EditorSchemas;
    try {
      schemas = await loadEditorSchemas();
    } catch (error) {
      showError(error);
      return null;
    }
    const { record: checked } = validateValues(values, schemas);
    if (!checked) {
      onInvalid();
      return null;
    }
    try {
      if (!record) {
        const created = await createRecord(client, checked);
        editor.markSaved(values);
        setRecord({
          id: created.id,
          version: created.version,
          state: created.state,
          transitions: ['submitted'],
        });
        if (!quiet) toast.success(say('editor.saved.created'));
        return created;
      }
      const saved = await updateRecord(client, {
        id: record.id,
        version: record.version,
        ...checked,
      });
      editor.markSaved(values);
      setRecord({ ...record, version: saved.version, state: saved.state });
      if (!quiet) toast.success(say('editor.saved'));
      return saved;
    } catch (error) {
      if (record && isHttpRequestError(error, 409) && error.code === 'object.version_conflict') {
        await openConflict(record, checked);
        return null;
      }
      markRefused(error, values);
      showError(error);
      return null;
    }
  };

  const handleSave = async () => {
    setBusy('save');
    const isNew = !record;
    const saved = await save();
    setBusy(null);
    // The new record now has an address; later saves update it there.
    if (saved && isNew) {
      allowNavigation();
      const state: SavedArrival = { focusSave: true };
      navigate(pathTo('metadata.edit', { id: saved.id }), { replace: true, state });
    }
  };

  /**
   * Saves, then takes the workflow step (submit for review, or publish for editors), with
   * the user's optional comment for the history.
   */
  const handleStep = async (state: 'submitted' | 'published', comment?: string) => {
    setBusy(state);
    const isNew = !record;
    const saved = await save(true);
    if (!saved) return setBusy(null);
    try {
      await changeState(client, saved.id, { state, ...(comment ? { comment } : {}) });
      toast.success(say(state === 'submitted' ? 'editor.done.submitted' : 'editor.done.published'));
      allowNavigation();
      navigate(pathTo('metadata.record', { id: saved.id }));
    } catch (error) {
      markRefused(error, editor.form.getValues());
      showError(error);
      setBusy(null);
      // The draft was created; stay with it at its own address.
      if (isNew) {
        allowNavigation();
        navigate(pathTo('metadata.edit', { id: saved.id }), { replace: true });
      }
    }
  };

  /** Conflict choice: forget the own changes and continue from the saved version. */
  const loadSaved = () => {
    if (!conflict) return;
    const { saved } = conflict;
    editor.load(toFormValues(saved.type, saved.metadata));
    setRecord({
      id: saved.id,
      version: saved.version,
      state: saved.state,
      transitions: saved.permissions.transitions,
    });
    setConflict(null);
    toast.info(say('editor.conflict.loaded'));
  };

  /** Conflict choice: save the own version over the saved one, knowingly. */
  const overwrite = async () => {
    if (!conflict || !record) return;
    setBusy('overwrite');
    const values = editor.form.getValues();
    const { saved, mine } = conflict;
    try {
      const answer = await updateRecord(client, { id: saved.id, version: saved.version, ...mine });
      editor.markSaved(values);
      setRecord({ ...record, version: answer.version, state: answer.state });
      setConflict(null);
      toast.success(say('editor.saved'));
    } catch (error) {
      if (isHttpRequestError(error, 409) && error.code === 'object.version_conflict') {
        // Saved once more in the meantime: show the newest version instead.
        await openConflict(record, mine);
      } else {
        showError(error);
      }
    } finally {
      setBusy(null);
    }
  };

  return {
    record,
    busy,
    conflict,
    handleSave,
    handleStep,
    loadSaved,
    overwrite,
    closeConflict: () => setConflict(null),
  };
}
