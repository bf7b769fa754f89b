import type { Metadata } from '@geoportal/contract/record';

/** The editor's sections, in page order. */
export const sectionIds = [
  'identification',
  'keywords',
  'extent',
  'time',
  'contacts',
  'constraints',
  'distribution',
  'quality',
] as const;
export type SectionId = (typeof sectionIds)[number];

/** A field the editor edits: the object's resource type and every field of its metadata. */
export type RecordField = 'type' | keyof Metadata;

/** How the editor treats one field of a record. */
export interface FieldSpec {
  /** The section that holds its inputs. */
  section: SectionId;
  /** The form field that edits it, when not the one of the same name. */
  input?: string;
  /** The label key of its input and of every message about it; none when only parts have one. */
  label?: string;
  /** Label keys of the inputs of its parts, by sub-path (in list rows, of each row's input). */
  parts?: Readonly<Record<string, string>>;
  /** Edited in one tab per product language (`title.de`, `title.en`). */
  languages?: true;
  /** Repeatable rows (`contacts.2.email`); each row also has its own name (`rowLabels`). */
  list?: true;
}

/**
 * THE table of the editor's fields, in the editor's order: one entry per field of the
 * contract's `Metadata` (plus `type`). It `satisfies Record<RecordField, FieldSpec>`, so a
 * field added to the contract makes `tsc` fail here until it is given a section and labels;
 * the per-field tables (labels, sections, language and list fields, conflict rows) are derived
 * from it rather than kept beside it.
 */
export const fieldSpec = {
  type: { section: 'identification', label: 'editor.field.type' },
  title: { section: 'identification', label: 'editor.field.title', languages: true },
  abstract: { section: 'identification', label: 'editor.field.abstract', languages: true },
  identifier: { section: 'identification', label: 'editor.field.identifier' },
  topicCategories: { section: 'keywords', label: 'editor.field.topicCategories' },
  // INSPIRE themes are classified keywords; other classifications' keywords are kept as they are.
  classifiedKeywords: {
    section: 'keywords',
    input: 'inspireThemes',
    label: 'editor.field.inspireThemes',
  },
  keywords: { section: 'keywords', label: 'editor.field.keywords' },
  extent: { section: 'extent', label: 'editor.field.extent' },
  // The exact footprint has no input: problems with it show at the box.
  geometry: { section: 'extent', input: 'extent' },
  referenceSystem: { section: 'extent', label: 'editor.field.referenceSystem' },
  resolution: {
    section: 'extent',
    parts: {
      kind: 'editor.field.resolution',
      denominator: 'editor.field.scale',
      value: 'editor.field.distance',
      unit: 'editor.field.unit',
    },
  },
  temporalExtent: {
    section: 'time',
    parts: { start: 'editor.field.temporalStart', end: 'editor.field.temporalEnd' },
  },
  dates: {
    section: 'time',
    parts: {
      creation: 'editor.field.dateCreation',
      publication: 'editor.field.datePublication',
      revision: 'editor.field.dateRevision',
    },
  },
  contacts: {
    section: 'contacts',
    label: 'editor.field.contacts',
    list: true,
    parts: {
      organisation: 'editor.field.organisation',
      person: 'editor.field.person',
      email: 'editor.field.email',
      phone: 'editor.field.phone',
      role: 'editor.field.role',
    },
  },
  licence: { section: 'constraints', label: 'editor.field.licence' },
  useConstraints: { section: 'constraints', label: 'editor.field.useConstraints', languages: true },
  accessConstraints: {
    section: 'constraints',
    label: 'editor.field.accessConstraints',
    languages: true,
  },
  formats: {
    section: 'distribution',
    label: 'editor.field.formats',
    list: true,
    parts: { name: 'editor.field.formatName', version: 'editor.field.formatVersion' },
  },
  onlineResources: {
    section: 'distribution',
    label: 'editor.field.onlineResources',
    list: true,
    parts: {
      url: 'editor.field.url',
      protocol: 'editor.field.protocol',
      name: 'editor.field.resourceName',
      description: 'editor.field.resourceDescription',
      layer: 'editor.field.layer',
    },
  },
  lineage: { section: 'quality', label: 'editor.field.lineage', languages: true },
  related: {
    section: 'quality',
    label: 'editor.field.related',
    list: true,
    parts: { id: 'editor.field.relatedId', relation: 'editor.field.relation' },
  },
} as const satisfies Record<RecordField, FieldSpec>;

type Spec = typeof fieldSpec;

/** The record's fields in the editor's order. */
export const recordFields = Object.keys(fieldSpec) as RecordField[];

/** The fields edited in language tabs. */
export type LanguageField = {
  [K in RecordField]: Spec[K] extends { languages: true } ? K : never;
}[RecordField];

/** The repeatable lists of the form. */
export type ListField = {
  [K in RecordField]: Spec[K] extends { list: true } ? K : never;
}[RecordField];

/** The multilingual fields, each edited in language tabs, in the editor's order. */
export const languageFields = recordFields.filter(
  (field) => 'languages' in fieldSpec[field],
) as LanguageField[];

/** The repeatable lists, in the editor's order. */
export const listFields = recordFields.filter((field) => 'list' in fieldSpec[field]) as ListField[];

/** The form field that edits a record field. */
export const inputOf = (field: RecordField): string => {
  const spec: FieldSpec = fieldSpec[field];
  return spec.input ?? field;
};
