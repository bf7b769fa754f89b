import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { createEditorStore } from '../model/editor-store';
import type { EditorValues } from '../model/editor-values';

/**
 * The editor's form over the whole record (@mantine/form, uncontrolled: inputs keep their
 * own text and a keystroke does not re-render the form), and a store that follows every
 * change, from which the progress overview, the language tabs, the actions and the
 * messages take what they show.
 *
 * Problems show once the user tried to save (before that, half-typed values would be
 * reported while typing) and then follow the values live. Fields the server refused stay
 * marked until their value changes.
 *
 * The returned object stays the same until another version is loaded, so the sections
 * (memoised) re-render only for what they subscribe to; after a load the inputs' keys
 * (`form.key(path)`) change and they start again from the loaded values.
 */
export function useEditorForm(initialValues: EditorValues) {
  const [store] = useState(() => createEditorStore(initialValues));
  const [generation, setGeneration] = useState(0);
  const form = useForm<EditorValues>({
    mode: 'uncontrolled',
    initialValues,
    onValuesChange: store.handleValuesChange,
  });

  // The form's methods are stable; only `form.key` changes, and only when values are set as
  // a whole (`load`), which starts a new generation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` stands for `form`
  return useMemo(
    () => ({
      form,
      store,
      /** Makes `values` the saved state: the form is no longer dirty. */
      markSaved(values: EditorValues) {
        form.setInitialValues(values);
        form.resetDirty(values);
        store.notify();
      },
      /** Replaces the form with another version of the record (e.g. the saved one). */
      load(values: EditorValues) {
        form.setValues(values);
        form.setInitialValues(values);
        form.resetDirty(values);
        store.refuse({});
        setGeneration((current) => current + 1);
      },
      revealIssues: () => store.revealIssues(),
      refuse: store.refuse,
    }),
    [generation],
  );
}

export type EditorForm = ReturnType<typeof useEditorForm>;
