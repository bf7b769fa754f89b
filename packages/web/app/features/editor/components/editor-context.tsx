import { missingRequired, type RequiredField } from '@geoportal/contract/record-rules';
import type { IssueText } from '@geoportal/contract/validation';
import {
  createContext,
  type ReactNode,
  useContext,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import type { EditorForm } from '../hooks/use-editor-form';
import type { EditorStore } from '../model/editor-store';
import type { EditorValues } from '../model/editor-values';
import type { FormPath } from '../model/field-paths';
import type { FieldIssues } from '../model/validate';
import { IssueMessage } from './issue-message';

const EditorContext = createContext<EditorForm | null>(null);

/** Gives the sections the editor's form and its store. */
export function EditorProvider({ editor, children }: { editor: EditorForm; children: ReactNode }) {
  return <EditorContext value={editor}>{children}</EditorContext>;
}

/** The editor's form; throws outside `EditorProvider`. */
export function useEditor(): EditorForm {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useEditor() needs an <EditorProvider> above it.');
  return editor;
}

/**
 * What `select` reads from the store, following its changes: the component re-renders only
 * when the selected value changes (by `isEqual`, identity by default), not on every keystroke.
 */
export function useStoreSelector<T>(
  store: EditorStore,
  select: (store: EditorStore) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  // The last selected value: an equal new one is answered with it, so React sees no change.
  const last = useRef<{ value: T } | null>(null);
  const getSnapshot = () => {
    const next = select(store);
    if (last.current && isEqual(last.current.value, next)) return last.current.value;
    last.current = { value: next };
    return next;
  };
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}

/** A part of the form's values, following its changes (see `useStoreSelector`). */
export function useEditorValue<T>(
  select: (values: EditorValues) => T,
  isEqual?: (a: T, b: T) => boolean,
): T {
  const { store } = useEditor();
  return useStoreSelector(store, (current) => select(current.getValues()), isEqual);
}

/** The problems shown now, by form path. */
export function useIssues(): FieldIssues {
  const { store } = useEditor();
  return useStoreSelector(store, (current) => current.getCheck().issues);
}

/**
 * The props that bind an input to a form path: its starting value, onChange and, once
 * problems show, the message naming the field. The input also needs `key={form.key(path)}`,
 * so that it starts again when another version of the record is loaded.
 */
export function useFieldProps() {
  const { form } = useEditor();
  const issues = useIssues();
  return (path: FormPath) => {
    const issue = issues[path];
    return {
      ...form.getInputProps(path),
      error: issue ? <IssueMessage path={path} issue={issue} /> : undefined,
    };
  };
}

/** Whether two messages say the same (a new check makes new objects for the same words). */
const sameIssue = (a: IssueText | undefined, b: IssueText | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.key === b.key &&
    JSON.stringify(a.values) === JSON.stringify(b.values));

/** The message for a path, or undefined when it has none. */
export function useIssue(path: FormPath) {
  const { store } = useEditor();
  const issue = useStoreSelector(store, (current) => current.getCheck().issues[path], sameIssue);
  return issue ? <IssueMessage path={path} issue={issue} /> : undefined;
}

/**
 * Whether a field must be filled before submitting, for the chosen resource type: an empty
 * record lacks exactly the fields its type requires.
 */
export function useRequired() {
  const type = useEditorValue((values) => values.type || 'dataset');
  const required = useMemo(() => new Set<string>(missingRequired({}, type)), [type]);
  return (field: RequiredField) => required.has(field);
}

/** Whether two lists hold the same entries in the same order. */
export const sameEntries = <T,>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((entry, index) => Object.is(entry, b[index]));
