import type { RequiredField } from '@geoportal/contract/record';
import { type FormPath, pathPattern } from './field-paths';
import {
  type FieldSpec,
  fieldSpec,
  inputOf,
  type ListField,
  listFields,
  recordFields,
} from './field-spec';

/** A translation key with its ICU values. */
export interface LabelDescriptor {
  id: string;
  values?: Record<string, string | number>;
}

/**
 * The label of each input, by path pattern, derived from the field table (field-spec.ts): the
 * same key names the input and every message about it, so "E-Mail: ist keine E-Mail-Adresse"
 * says which field is meant.
 */
export const fieldLabels: Readonly<Record<string, LabelDescriptor>> = Object.fromEntries(
  recordFields.flatMap((field) => {
    const spec: FieldSpec = fieldSpec[field];
    const input = inputOf(field);
    const rows = spec.list ? `${input}.*` : input;
    return [
      ...(spec.label ? [[input, { id: spec.label }] as const] : []),
      ...Object.entries(spec.parts ?? {}).map(([part, id]) => [`${rows}.${part}`, { id }] as const),
    ];
  }),
);

/** The list fields in a path pattern's head, e.g. `contacts` of `contacts.*`. */
const rowLevel = new RegExp(`^(${listFields.join('|')})\\.\\*$`);

/** The name of one row of each list, e.g. "Kontakt 2" (a `Record` over every list field). */
export const rowLabels: Record<ListField, LabelDescriptor> = {
  contacts: { id: 'editor.contacts.item' },
  formats: { id: 'editor.formats.item' },
  onlineResources: { id: 'editor.onlineResources.item' },
  related: { id: 'editor.related.item' },
};

/** The names of the product languages, for language tabs and labels. */
export const languageLabels: Record<'de' | 'en', LabelDescriptor> = {
  de: { id: 'editor.language.de' },
  en: { id: 'editor.language.en' },
};

/** The label key of a form path; language and row are added by `IssueMessage`. */
export function labelOf(path: FormPath): LabelDescriptor {
  const pattern = pathPattern(path).replace(/\.(de|en)$/, '');
  const row = rowLevel.exec(pattern);
  if (row) return fieldLabels[row[1] as string] as LabelDescriptor;
  return fieldLabels[pattern] ?? { id: 'editor.field.record' };
}

/**
 * What a missing required field is called in the progress overview and submit hint. A
 * `Record` over the contract's `RequiredField`, so a new required field fails `tsc` here.
 */
export const requiredLabels: Record<RequiredField, LabelDescriptor> = {
  title: { id: 'editor.field.title' },
  abstract: { id: 'editor.field.abstract' },
  topicCategories: { id: 'editor.field.topicCategories' },
  keywords: { id: 'editor.required.keywords' },
  extent: { id: 'editor.field.extent' },
  dates: { id: 'editor.required.dates' },
  contacts: { id: 'editor.required.contacts' },
  licence: { id: 'editor.field.licence' },
  lineage: { id: 'editor.field.lineage' },
};
