import { missingRequired, type RequiredField } from '@geoportal/contract/record';
import { createContext, type ReactNode, useContext } from 'react';
import type { EditorForm } from '../hooks/use-editor-form';
import type { FormPath } from '../model/field-paths';
import { IssueMessage } from './issue-message';

const EditorContext = createContext<EditorForm | null>(null);

/** Gives the sections the editor's form, its problems and progress. */
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
 * The props that bind an input to a form path: value, onChange and, once problems show,
 * the message naming the field.
 */
export function useFieldProps() {
  const { form, issues } = useEditor();
  return (path: FormPath) => {
    const issue = issues[path];
    return {
      ...form.getInputProps(path),
      error: issue ? <IssueMessage path={path} issue={issue} /> : undefined,
    };
  };
}

/** The message for a path, or undefined when it has none. */
export function useIssue(path: FormPath) {
  const { issues } = useEditor();
  const issue = issues[path];
  return issue ? <IssueMessage path={path} issue={issue} /> : undefined;
}

/**
 * Whether a field must be filled before submitting, for the chosen resource type: an empty
 * record lacks exactly the fields its type requires.
 */
export function useRequired() {
  const { form } = useEditor();
  const type = form.values.type || 'dataset';
  const required = new Set<string>(missingRequired({}, type));
  return (field: RequiredField) => required.has(field);
}
