import { type ListField, languageFields, listFields } from './field-spec';

/**
 * Where a problem is reported: a path of the form values (`title.de`, `contacts.2.email`,
 * `extent`), the key of the input that shows it.
 */
export type FormPath = string;

// Both from the field table (field-spec.ts), so a new list or language field is known here.
const listHeads = new Set<string>(listFields);
const languageHeads = new Set<string>(languageFields);
const rowPattern = new RegExp(`^(${listFields.join('|')})\\.(\\d+)`);
const languagePattern = new RegExp(`^(?:${languageFields.join('|')})\\.(de|en)$`);

/**
 * The form path of a record path (a zod issue's path, or a server field error's path without
 * `body.metadata`). `kept` maps the record's list indexes back to form rows (`keptRows`):
 * empty rows are not part of the record.
 */
export function formPathOf(
  path: readonly PropertyKey[],
  kept: Record<ListField, number[]>,
): FormPath {
  const [head, first, second] = path.map((part) => (typeof part === 'symbol' ? '' : part));
  if (head === undefined || head === '') return '';
  const name = String(head);
  if (name === 'classifiedKeywords') return 'inspireThemes';
  if (name === 'keywords' || name === 'topicCategories') return name;
  if (name === 'extent' || name === 'geometry') return 'extent';
  if (name === 'resolution') {
    if (first === 'denominator') return 'resolution.denominator';
    if (first === 'value' || first === 'unit') return `resolution.${first}`;
    return 'resolution.kind';
  }
  if (name === 'temporalExtent')
    return first === 'start' ? 'temporalExtent.start' : 'temporalExtent.end';
  if (name === 'dates' && typeof first === 'string') return `dates.${first}`;
  if (languageHeads.has(name)) return first === 'de' || first === 'en' ? `${name}.${first}` : name;
  if (listHeads.has(name)) {
    if (typeof first !== 'number') return name;
    const row = kept[name as ListField][first] ?? first;
    return second === undefined ? `${name}.${row}` : `${name}.${row}.${String(second)}`;
  }
  return name;
}

/** The path with list indexes replaced by `*`, e.g. `contacts.*.email`. */
export const pathPattern = (path: FormPath) => path.replace(/\.\d+(?=\.|$)/g, '.*');

/** The row of a list path, e.g. `{ list: 'contacts', index: 2 }` for `contacts.2.email`. */
export function rowOf(path: FormPath): { list: ListField; index: number } | undefined {
  const match = rowPattern.exec(path);
  return match ? { list: match[1] as ListField, index: Number(match[2]) } : undefined;
}

/** The language of a language-tab path, e.g. `de` for `title.de`. */
export function languageOf(path: FormPath): 'de' | 'en' | undefined {
  const match = languagePattern.exec(path);
  return match ? (match[1] as 'de' | 'en') : undefined;
}
