import { missingRequired, type RequiredField } from '@geoportal/contract/record';
import { useForm } from '@mantine/form';
import { useCallback, useMemo, useState } from 'react';
import type { EditorValues } from '../model/editor-values';
import type { FormPath } from '../model/field-paths';
import { type SectionProgress, sectionProgress } from '../model/sections';
import { type FieldIssues, type Validation, validateValues } from '../model/validate';

/** The value at a dotted form path (`contacts.2.email`), for telling which input changed. */
function valueAt(values: unknown, path: FormPath): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, part) => (value && typeof value === 'object' ? (value as never)[part] : undefined),
      values,
    );
}

/**
 * The editor's form over the whole record (@mantine/form, controlled, so the progress
 * overview follows every keystroke), checked with the contract on every change.
 *
 * Problems show once the user tried to save (before that, half-typed values would be
 * reported while typing) and then follow the values live. Fields the server refused stay
 * marked until their value changes.
 */
export function useEditorForm(initialValues: EditorValues) {
  const [showIssues, setShowIssues] = useState(false);
  const [refused, setRefused] = useState<FieldIssues>({});
  const form = useForm<EditorValues>({
    mode: 'controlled',
    initialValues,
    onValuesChange: (values, previous) =>
      setRefused((current) => {
        const kept = Object.entries(current).filter(
          ([path]) => valueAt(values, path) === valueAt(previous, path),
        );
        return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
      }),
  });

  const validation: Validation = useMemo(() => validateValues(form.values), [form.values]);
  const issues: FieldIssues = useMemo(
    () => (showIssues ? { ...refused, ...validation.issues } : refused),
    [showIssues, refused, validation.issues],
  );
  const metadata = validation.candidate.metadata;
  const type = form.values.type;
  const missing: RequiredField[] = useMemo(
    () => missingRequired(metadata, type || 'dataset'),
    [metadata, type],
  );
  const progress: SectionProgress[] = useMemo(
    () => sectionProgress(metadata, type, Object.keys(issues)),
    [metadata, type, issues],
  );

  /** Makes `values` the saved state: the form is no longer dirty. */
  const markSaved = useCallback(
    (values: EditorValues) => {
      form.setInitialValues(values);
      form.resetDirty(values);
    },
    [form],
  );

  /** Replaces the form with another version of the record (e.g. the saved one). */
  const load = useCallback(
    (values: EditorValues) => {
      form.setValues(values);
      form.setInitialValues(values);
      form.resetDirty(values);
      setRefused({});
    },
    [form],
  );

  return {
    form,
    validation,
    issues,
    missing,
    progress,
    markSaved,
    load,
    revealIssues: () => setShowIssues(true),
    refuse: setRefused,
  };
}

export type EditorForm = ReturnType<typeof useEditorForm>;
