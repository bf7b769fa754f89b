import type { LanguageText, Metadata } from '@geoportal/contract/record';
import {
  type EditorValues,
  emptyValues,
  INSPIRE_THEME,
  type LanguageValues,
  rowKey,
} from './editor-values';

const language = (text: LanguageText | undefined): LanguageValues => ({
  de: text?.de ?? '',
  en: text?.en ?? '',
});

/** A record (its resource type and metadata) as the editor's form values. */
export function toFormValues(type: string, metadata: Metadata): EditorValues {
  const empty = emptyValues();
  const classified = metadata.classifiedKeywords ?? [];
  const resolution = metadata.resolution;
  return {
    type,
    title: language(metadata.title),
    abstract: language(metadata.abstract),
    identifier: metadata.identifier ?? '',
    topicCategories: [...(metadata.topicCategories ?? [])],
    inspireThemes: classified.filter((k) => k.classification === INSPIRE_THEME).map((k) => k.code),
    otherClassifiedKeywords: classified.filter((k) => k.classification !== INSPIRE_THEME),
    keywords: [...(metadata.keywords ?? [])],
    extent: metadata.extent ? { ...metadata.extent } : null,
    geometry: metadata.geometry ?? null,
    referenceSystem: metadata.referenceSystem ?? '',
    resolution: !resolution
      ? empty.resolution
      : resolution.kind === 'scale'
        ? { ...empty.resolution, kind: 'scale', denominator: resolution.denominator }
        : { ...empty.resolution, kind: 'distance', value: resolution.value, unit: resolution.unit },
    temporalExtent: {
      start: metadata.temporalExtent?.start ?? '',
      end: metadata.temporalExtent?.end ?? '',
    },
    dates: {
      creation: metadata.dates?.creation ?? '',
      publication: metadata.dates?.publication ?? '',
      revision: metadata.dates?.revision ?? '',
    },
    contacts: (metadata.contacts ?? []).map((contact) => ({
      key: rowKey(),
      organisation: contact.organisation ?? '',
      person: contact.person ?? '',
      email: contact.email ?? '',
      phone: contact.phone ?? '',
      role: contact.role,
    })),
    licence: metadata.licence ?? '',
    useConstraints: language(metadata.useConstraints),
    accessConstraints: language(metadata.accessConstraints),
    formats: (metadata.formats ?? []).map((format) => ({
      key: rowKey(),
      name: format.name,
      version: format.version ?? '',
    })),
    onlineResources: (metadata.onlineResources ?? []).map((resource) => ({
      key: rowKey(),
      url: resource.url,
      protocol: resource.protocol,
      name: resource.name ?? '',
      description: resource.description ?? '',
      layer: resource.layer ?? '',
    })),
    lineage: language(metadata.lineage),
    related: (metadata.related ?? []).map((entry) => ({
      key: rowKey(),
      id: entry.id,
      relation: entry.relation,
    })),
  };
}
