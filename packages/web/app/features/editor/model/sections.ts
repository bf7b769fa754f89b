import type { Metadata } from '@geoportal/contract/record';
import { missingRequired, type RequiredField } from '@geoportal/contract/record-rules';
import type { FormPath } from './field-paths';
import { fieldSpec, inputOf, recordFields, type SectionId, sectionIds } from './field-spec';

/**
 * The heading of each section (also the entry of the progress overview); a `Record` over
 * every section, so a new section fails `tsc` until it has one.
 */
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

/** The section of each top-level form field, from the field table. */
const sectionOfField = new Map<string, SectionId>(
  recordFields.map((field) => [inputOf(field), fieldSpec[field].section]),
);

/** The section that holds the input of a form path; identification for anything unknown. */
export const sectionOf = (path: FormPath): SectionId =>
  sectionOfField.get(path.split('.')[0] ?? '') ?? 'identification';

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
    missing: missing.filter((field) => fieldSpec[field].section === id),
    invalid: issuePaths.filter((path) => sectionOf(path) === id).length,
  }));
}
