import type { RequiredField } from '@geoportal/contract/record';
import type { ListField } from './editor-values';
import { type FormPath, pathPattern } from './field-paths';

/** A translation key with its ICU values. */
export interface LabelDescriptor {
  id: string;
  values?: Record<string, string | number>;
}

/**
 * The label of each input, by path pattern: the same key names the input and every message
 * about it, so "E-Mail: ist keine E-Mail-Adresse" says which field is meant.
 */
export const fieldLabels: Record<string, LabelDescriptor> = {
  type: { id: 'editor.field.type' },
  title: { id: 'editor.field.title' },
  abstract: { id: 'editor.field.abstract' },
  identifier: { id: 'editor.field.identifier' },
  topicCategories: { id: 'editor.field.topicCategories' },
  inspireThemes: { id: 'editor.field.inspireThemes' },
  keywords: { id: 'editor.field.keywords' },
  extent: { id: 'editor.field.extent' },
  referenceSystem: { id: 'editor.field.referenceSystem' },
  'resolution.kind': { id: 'editor.field.resolution' },
  'resolution.denominator': { id: 'editor.field.scale' },
  'resolution.value': { id: 'editor.field.distance' },
  'resolution.unit': { id: 'editor.field.unit' },
  'temporalExtent.start': { id: 'editor.field.temporalStart' },
  'temporalExtent.end': { id: 'editor.field.temporalEnd' },
  'dates.creation': { id: 'editor.field.dateCreation' },
  'dates.publication': { id: 'editor.field.datePublication' },
  'dates.revision': { id: 'editor.field.dateRevision' },
  contacts: { id: 'editor.field.contacts' },
  'contacts.*.organisation': { id: 'editor.field.organisation' },
  'contacts.*.person': { id: 'editor.field.person' },
  'contacts.*.email': { id: 'editor.field.email' },
  'contacts.*.phone': { id: 'editor.field.phone' },
  'contacts.*.role': { id: 'editor.field.role' },
  licence: { id: 'editor.field.licence' },
  useConstraints: { id: 'editor.field.useConstraints' },
  accessConstraints: { id: 'editor.field.accessConstraints' },
  formats: { id: 'editor.field.formats' },
  'formats.*.name': { id: 'editor.field.formatName' },
  'formats.*.version': { id: 'editor.field.formatVersion' },
  onlineResources: { id: 'editor.field.onlineResources' },
  'onlineResources.*.url': { id: 'editor.field.url' },
  'onlineResources.*.protocol': { id: 'editor.field.protocol' },
  'onlineResources.*.name': { id: 'editor.field.resourceName' },
  'onlineResources.*.description': { id: 'editor.field.resourceDescription' },
  'onlineResources.*.layer': { id: 'editor.field.layer' },
  lineage: { id: 'editor.field.lineage' },
  related: { id: 'editor.field.related' },
  'related.*.id': { id: 'editor.field.relatedId' },
  'related.*.relation': { id: 'editor.field.relation' },
};

/** The name of one row of each list, e.g. "Kontakt 2". */
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
  const rowLevel = /^(contacts|formats|onlineResources|related)\.\*$/.exec(pattern);
  if (rowLevel) return fieldLabels[rowLevel[1] as string] as LabelDescriptor;
  return fieldLabels[pattern] ?? { id: 'editor.field.record' };
}

/** What a missing required field is called in the progress overview and submit hint. */
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
