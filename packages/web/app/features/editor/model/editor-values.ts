import type { BoundingBox, ClassifiedKeyword, Geometry } from '@geoportal/contract/record';

/**
 * The editor's form values: the record in the shape inputs need. Texts are strings ('' when
 * empty), lists always exist, and repeatable entries carry a `key` so React keeps each row's
 * inputs (and focus) when rows are removed or moved. `toMetadata` turns them back into a
 * record without the blanks; the paths mirror the record's, so validation issues land on the
 * input they belong to.
 */
export interface EditorValues {
  /** The resource type (object `type`), a code of the `resourceType` classification. */
  type: string;
  title: LanguageValues;
  abstract: LanguageValues;
  identifier: string;
  topicCategories: string[];
  /** INSPIRE theme codes, stored as classified keywords of `inspireTheme`. */
  inspireThemes: string[];
  /** Classified keywords of other classifications (e.g. imported): kept, not edited here. */
  otherClassifiedKeywords: ClassifiedKeyword[];
  keywords: string[];
  extent: BoundingBox | null;
  /** The exact footprint, kept as it is: the editor draws boxes only. */
  geometry: Geometry | null;
  referenceSystem: string;
  resolution: ResolutionValues;
  temporalExtent: { start: string; end: string };
  dates: { creation: string; publication: string; revision: string };
  contacts: ContactValues[];
  licence: string;
  useConstraints: LanguageValues;
  accessConstraints: LanguageValues;
  formats: FormatValues[];
  onlineResources: OnlineResourceValues[];
  lineage: LanguageValues;
  related: RelatedValues[];
}

export interface LanguageValues {
  de: string;
  en: string;
}

export type ResolutionKind = 'none' | 'scale' | 'distance';
export const distanceUnits = ['m', 'km', 'deg'] as const;
export type DistanceUnit = (typeof distanceUnits)[number];

/** Spatial resolution as inputs hold it: number inputs answer '' when empty. */
export interface ResolutionValues {
  kind: ResolutionKind;
  denominator: number | string;
  value: number | string;
  unit: DistanceUnit;
}

export interface ContactValues {
  key: string;
  organisation: string;
  person: string;
  email: string;
  phone: string;
  role: string;
}

export interface FormatValues {
  key: string;
  name: string;
  version: string;
}

export interface OnlineResourceValues {
  key: string;
  url: string;
  protocol: string;
  name: string;
  description: string;
  layer: string;
}

export interface RelatedValues {
  key: string;
  id: string;
  relation: string;
}

let lastKey = 0;
/** A key for a new list row, unique within the page. */
export const rowKey = () => {
  lastKey += 1;
  return `row-${lastKey}`;
};

export const emptyLanguage = (): LanguageValues => ({ de: '', en: '' });

export const emptyContact = (): ContactValues => ({
  key: rowKey(),
  organisation: '',
  person: '',
  email: '',
  phone: '',
  role: '',
});

export const emptyFormat = (): FormatValues => ({ key: rowKey(), name: '', version: '' });

export const emptyOnlineResource = (): OnlineResourceValues => ({
  key: rowKey(),
  url: '',
  protocol: '',
  name: '',
  description: '',
  layer: '',
});

export const emptyRelated = (): RelatedValues => ({ key: rowKey(), id: '', relation: '' });

/** The values of a new record: a dataset, everything else empty. */
export function emptyValues(): EditorValues {
  return {
    type: 'dataset',
    title: emptyLanguage(),
    abstract: emptyLanguage(),
    identifier: '',
    topicCategories: [],
    inspireThemes: [],
    otherClassifiedKeywords: [],
    keywords: [],
    extent: null,
    geometry: null,
    referenceSystem: '',
    resolution: { kind: 'none', denominator: '', value: '', unit: 'm' },
    temporalExtent: { start: '', end: '' },
    dates: { creation: '', publication: '', revision: '' },
    contacts: [],
    licence: '',
    useConstraints: emptyLanguage(),
    accessConstraints: emptyLanguage(),
    formats: [],
    onlineResources: [],
    lineage: emptyLanguage(),
    related: [],
  };
}

/** The classification whose codes the editor offers as INSPIRE themes. */
export const INSPIRE_THEME = 'inspireTheme';
