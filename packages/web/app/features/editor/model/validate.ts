import type { FieldError } from '@geoportal/contract/errors';
import type { Metadata } from '@geoportal/contract/record';
import { type IssueText, issueText } from '@geoportal/contract/validation';
import type { EditorSchemas } from './editor-schemas';
import type { EditorValues } from './editor-values';
import { type FormPath, formPathOf } from './field-paths';
import { keptRows, type RecordCandidate, toMetadata } from './to-metadata';

/** Problems by form path: one message per input, the first the contract reports. */
export type FieldIssues = Record<FormPath, IssueText>;

/** The form checked with the contract: the record to send when it is well-formed. */
export interface Validation {
  candidate: RecordCandidate;
  /** The parsed record (trimmed by the schema), undefined while anything is malformed. */
  record: { type: string; metadata: Metadata } | undefined;
  issues: FieldIssues;
}

/**
 * Checks the form as the server will (`Metadata.safeParse(pruneEmpty(values))`), so only
 * malformed values block a save; incompleteness is `missingRequired`'s business.
 */
export function validateValues(
  values: EditorValues,
  { Metadata, ObjectType }: EditorSchemas,
): Validation {
  const candidate = toMetadata(values);
  const kept = keptRows(values);
  const issues: FieldIssues = {};
  const type = ObjectType.safeParse(candidate.type);
  if (!type.success) issues.type = { key: 'validation.required', values: {} };
  const parsed = Metadata.safeParse(candidate.metadata);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = formPathOf(issue.path, kept);
      issues[path] ??= issueText(issue);
    }
  }
  const record =
    type.success && parsed.success ? { type: type.data, metadata: parsed.data } : undefined;
  return { candidate, record, issues };
}

/**
 * The fields a 400 answer names (`body.metadata.contacts.0.email`, `body.type`) as form paths.
 * The server's messages are English, so the field is marked with a translated text: a code
 * the classification does not know (`record.unknown_code`), else "is invalid".
 */
export function serverIssues(
  values: EditorValues,
  fields: readonly FieldError[],
  code: string | undefined,
): FieldIssues {
  const kept = keptRows(values);
  const issues: FieldIssues = {};
  const text: IssueText =
    code === 'record.unknown_code'
      ? { key: 'editor.issue.unknownCode', values: {} }
      : { key: 'validation.invalid', values: {} };
  for (const field of fields) {
    const parts = field.path
      .replace(/^body\.?/, '')
      .split('.')
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const inMetadata = parts[0] === 'metadata';
    const path = inMetadata ? formPathOf(parts.slice(1), kept) : String(parts[0] ?? '');
    issues[path || 'title'] ??= text;
  }
  return issues;
}
