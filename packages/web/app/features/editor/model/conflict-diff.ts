import type { BoundingBox, LanguageText, Metadata } from '@geoportal/contract/record';
import { type LabelDescriptor, languageLabels } from './field-labels';
import { type RecordField, recordFields } from './field-spec';
import { relationLabels, unitLabels } from './record-terms';

/** One side of a conflict: the resource type and the record. */
export interface RecordVersion {
  type: string;
  metadata: Metadata;
}

/** Turns codes and fixed terms into words; the conflict view passes translations. */
export interface ValueFormatter {
  /** A translation by key (language names, units, relation types, "empty"). */
  term: (descriptor: LabelDescriptor) => string;
  /** A classification code's label, e.g. `('license', 'cc-by-4.0')` → "CC BY 4.0". */
  code: (classification: string, code: string) => string;
  number: (value: number) => string;
}

/** A field whose value differs between the user's version and the saved one. */
export interface DiffRow {
  field: ComparedField;
  label: LabelDescriptor;
  mine: string;
  saved: string;
}

/** The compared fields: every field of the field table, in the editor's order. */
export type ComparedField = RecordField;

/** The label of a conflict row: the field's name as a whole (`editor.field.{field}`). */
const rowLabel = (field: ComparedField): LabelDescriptor => ({ id: `editor.field.${field}` });

/** JSON with sorted object keys, so equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

const lines = (items: string[]) => items.join('\n');

function languageText(text: LanguageText, f: ValueFormatter) {
  return lines(
    (['de', 'en'] as const)
      .filter((lang) => text[lang])
      .map((lang) => `${f.term(languageLabels[lang])}: ${text[lang]}`),
  );
}

function extentText(box: BoundingBox, f: ValueFormatter) {
  const part = (label: LabelDescriptor, value: number) => `${f.term(label)} ${f.number(value)}`;
  return [
    part({ id: 'editor.extent.west' }, box.west),
    part({ id: 'editor.extent.south' }, box.south),
    part({ id: 'editor.extent.east' }, box.east),
    part({ id: 'editor.extent.north' }, box.north),
  ].join(' · ');
}

/** A field's value in readable form, one entry per line; '' when the field is empty. */
export function readableValue(
  field: ComparedField,
  version: RecordVersion,
  f: ValueFormatter,
): string {
  if (field === 'type') return f.code('resourceType', version.type);
  const m = version.metadata;
  switch (field) {
    case 'title':
    case 'abstract':
    case 'lineage':
    case 'useConstraints':
    case 'accessConstraints':
      return m[field] ? languageText(m[field], f) : '';
    case 'identifier':
    case 'referenceSystem':
      return m[field] ?? '';
    case 'topicCategories':
      return (m.topicCategories ?? []).map((code) => f.code('topicCategory', code)).join(', ');
    case 'classifiedKeywords':
      return (m.classifiedKeywords ?? []).map((k) => f.code(k.classification, k.code)).join(', ');
    case 'keywords':
      return (m.keywords ?? []).join(', ');
    case 'extent':
      return m.extent ? extentText(m.extent, f) : '';
    case 'geometry':
      return m.geometry?.type ?? '';
    case 'resolution':
      if (!m.resolution) return '';
      return m.resolution.kind === 'scale'
        ? `1:${f.number(m.resolution.denominator)}`
        : `${f.number(m.resolution.value)} ${f.term(unitLabels[m.resolution.unit])}`;
    case 'temporalExtent':
      if (!m.temporalExtent) return '';
      return `${m.temporalExtent.start ?? '…'} – ${m.temporalExtent.end ?? '…'}`;
    case 'dates': {
      const dates = m.dates ?? {};
      const named = [
        [{ id: 'editor.field.dateCreation' }, dates.creation],
        [{ id: 'editor.field.datePublication' }, dates.publication],
        [{ id: 'editor.field.dateRevision' }, dates.revision],
      ] as const;
      return lines(
        named.filter(([, date]) => date).map(([label, date]) => `${f.term(label)}: ${date}`),
      );
    }
    case 'contacts':
      return lines(
        (m.contacts ?? []).map((c) =>
          [c.organisation, c.person, c.email, c.phone, f.code('contactRole', c.role)]
            .filter(Boolean)
            .join(', '),
        ),
      );
    case 'licence':
      return m.licence ? f.code('license', m.licence) : '';
    case 'formats':
      return (m.formats ?? [])
        .map((format) => [format.name, format.version].filter(Boolean).join(' '))
        .join(', ');
    case 'onlineResources':
      return lines(
        (m.onlineResources ?? []).map((r) => {
          const layer = r.layer ? `, ${f.term({ id: 'editor.field.layer' })}: ${r.layer}` : '';
          const name = r.name ? `${r.name}: ` : '';
          return `${name}${r.url} (${f.code('protocol', r.protocol)})${layer}`;
        }),
      );
    case 'related':
      return lines((m.related ?? []).map((r) => `${f.term(relationLabels[r.relation])}: ${r.id}`));
  }
}

/**
 * The fields in which the user's version differs from the saved one, in the editor's order,
 * each with both values in readable form ("empty" where a side has none).
 */
export function diffRecords(
  mine: RecordVersion,
  saved: RecordVersion,
  f: ValueFormatter,
): DiffRow[] {
  const fieldValue = (version: RecordVersion, field: ComparedField) =>
    field === 'type' ? version.type : version.metadata[field];
  const empty = f.term({ id: 'editor.conflict.empty' });
  return recordFields
    .filter((field) => canonical(fieldValue(mine, field)) !== canonical(fieldValue(saved, field)))
    .map((field) => ({
      field,
      label: rowLabel(field),
      mine: readableValue(field, mine, f) || empty,
      saved: readableValue(field, saved, f) || empty,
    }));
}
