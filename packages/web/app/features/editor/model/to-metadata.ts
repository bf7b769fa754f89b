import { pruneEmpty } from '@geoportal/contract/record-rules';
import {
  type EditorValues,
  INSPIRE_THEME,
  type LanguageValues,
  type ResolutionValues,
} from './editor-values';
import type { ListField } from './field-spec';

/**
 * What the form holds, as a record candidate: trimmed, converted, and without anything the
 * user left empty (blank texts, empty rows and lists), so empty inputs never reach the
 * server. Not yet validated: `validateValues` checks the candidate with the contract.
 */
export interface RecordCandidate {
  type: string;
  /** The record as far as it is filled in; `{}` for an empty form. */
  metadata: Record<string, unknown>;
}

const text = (value: string) => value.trim();
const language = (value: LanguageValues) => ({ de: text(value.de), en: text(value.en) });

/**
 * `EPSG:25832` as the record stores it, from what people type: `25832`, `epsg:25832`,
 * `EPSG: 25832`. Anything else is kept as typed, so validation can say what is wrong.
 */
export function normaliseReferenceSystem(value: string): string {
  const trimmed = value.trim();
  const match = /^(?:epsg\s*:\s*)?(\d+)$/i.exec(trimmed);
  return match ? `EPSG:${match[1]}` : trimmed;
}

const number = (value: number | string) =>
  value === '' || value === undefined ? undefined : Number(value);

function resolution({ kind, denominator, value, unit }: ResolutionValues) {
  if (kind === 'scale') {
    const scale = number(denominator);
    return scale === undefined ? undefined : { kind, denominator: scale };
  }
  if (kind === 'distance') {
    const distance = number(value);
    return distance === undefined ? undefined : { kind, value: distance, unit };
  }
  return undefined;
}

/** The rows of each list as record entries (before pruning); the form's `key` stays behind. */
const rows = {
  contacts: (values: EditorValues) =>
    values.contacts.map(({ organisation, person, email, phone, role }) => ({
      organisation: text(organisation),
      person: text(person),
      email: text(email),
      phone: text(phone),
      role: text(role),
    })),
  formats: (values: EditorValues) =>
    values.formats.map(({ name, version }) => ({ name: text(name), version: text(version) })),
  onlineResources: (values: EditorValues) =>
    values.onlineResources.map(({ url, protocol, name, description, layer }) => ({
      url: text(url),
      protocol: text(protocol),
      name: text(name),
      description: text(description),
      layer: text(layer),
    })),
  related: (values: EditorValues) =>
    values.related.map(({ id, relation }) => ({ id: text(id), relation: text(relation) })),
} satisfies Record<ListField, (values: EditorValues) => unknown[]>;

/**
 * For each list, the form row of each entry the record keeps: empty rows are dropped, so the
 * record's `contacts.1` may be the form's `contacts.2`. Validation issues and server field
 * errors use the record's indexes and are mapped back with this.
 */
export function keptRows(values: EditorValues): Record<ListField, number[]> {
  const kept = (entries: unknown[]) =>
    entries.flatMap((entry, index) => (pruneEmpty(entry) === undefined ? [] : [index]));
  return {
    contacts: kept(rows.contacts(values)),
    formats: kept(rows.formats(values)),
    onlineResources: kept(rows.onlineResources(values)),
    related: kept(rows.related(values)),
  };
}

/** The form values as a record candidate (see `RecordCandidate`). */
export function toMetadata(values: EditorValues): RecordCandidate {
  const candidate = {
    title: language(values.title),
    abstract: language(values.abstract),
    identifier: text(values.identifier),
    topicCategories: values.topicCategories,
    keywords: values.keywords.map(text),
    classifiedKeywords: [
      ...values.inspireThemes.map((code) => ({ classification: INSPIRE_THEME, code })),
      ...values.otherClassifiedKeywords,
    ],
    extent: values.extent ?? undefined,
    geometry: values.geometry ?? undefined,
    temporalExtent: {
      start: values.temporalExtent.start,
      end: values.temporalExtent.end,
    },
    dates: { ...values.dates },
    contacts: rows.contacts(values),
    licence: text(values.licence),
    useConstraints: language(values.useConstraints),
    accessConstraints: language(values.accessConstraints),
    referenceSystem: normaliseReferenceSystem(values.referenceSystem),
    resolution: resolution(values.resolution),
    formats: rows.formats(values),
    onlineResources: rows.onlineResources(values),
    lineage: language(values.lineage),
    related: rows.related(values),
  };
  return { type: text(values.type), metadata: pruneEmpty(candidate) ?? {} };
}
