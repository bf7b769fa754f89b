import { type Metadata, missingRequired, type RequiredField } from '@geoportal/contract/record';
import type { FormPath } from './field-paths';

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

/** The heading of each section (also the entry of the progress overview). */
export const sectionLabels: Record<SectionId, { id: string }> = {
  identification: { id: 'editor.section.identification' },
  keywords: { id: 'editor.section.keywords' },
  extent: { id: 'editor.section.extent' },
  time: { id: 'editor.section.time' },
  contacts: { id: 'editor.section.contacts' },
  constraints: { id: 'editor.section.constraints' },
  distribution: { id: 'editor.section.distribution' },
  quality: { id: 'editor.section.quality' },
};

/** The element id of a section, the target of the overview's links. */
export const sectionAnchor = (section: SectionId) => `editor-${section}`;

/** The section of each top-level form field. */
const sectionOfField: Record<string, SectionId> = {
  type: 'identification',
  title: 'identification',
  abstract: 'identification',
  identifier: 'identification',
  topicCategories: 'keywords',
  inspireThemes: 'keywords',
  keywords: 'keywords',
  extent: 'extent',
  referenceSystem: 'extent',
  resolution: 'extent',
  temporalExtent: 'time',
  dates: 'time',
  contacts: 'contacts',
  licence: 'constraints',
  useConstraints: 'constraints',
  accessConstraints: 'constraints',
  formats: 'distribution',
  onlineResources: 'distribution',
  lineage: 'quality',
  related: 'quality',
};

/** The section that holds the input of a form path; identification for anything unknown. */
export const sectionOf = (path: FormPath): SectionId =>
  sectionOfField[path.split('.')[0] ?? ''] ?? 'identification';

const sectionOfRequired: Record<RequiredField, SectionId> = {
  title: 'identification',
  abstract: 'identification',
  topicCategories: 'keywords',
  keywords: 'keywords',
  extent: 'extent',
  dates: 'time',
  contacts: 'contacts',
  licence: 'constraints',
  lineage: 'quality',
};

/** How far one section is: the required fields it still lacks and its invalid inputs. */
export interface SectionProgress {
  id: SectionId;
  missing: RequiredField[];
  invalid: number;
}

/**
 * The progress overview's numbers: for each section the required fields `missingRequired`
 * reports for the chosen resource type, and the invalid inputs among `issuePaths`.
 */
export function sectionProgress(
  metadata: Partial<Metadata>,
  type: string,
  issuePaths: readonly FormPath[],
): SectionProgress[] {
  const missing = missingRequired(metadata, type || 'dataset');
  return sectionIds.map((id) => ({
    id,
    missing: missing.filter((field) => sectionOfRequired[field] === id),
    invalid: issuePaths.filter((path) => sectionOf(path) === id).length,
  }));
}
