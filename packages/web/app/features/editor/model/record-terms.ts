import type { RelatedRecord, Resolution } from '@geoportal/contract/record';

/** The label of each relation type (DS_AssociationTypeCode). */
export const relationLabels: Record<RelatedRecord['relation'], { id: string }> = {
  crossReference: { id: 'editor.relation.crossReference' },
  largerWorkCitation: { id: 'editor.relation.largerWorkCitation' },
  partOfSeamlessDatabase: { id: 'editor.relation.partOfSeamlessDatabase' },
  source: { id: 'editor.relation.source' },
  dependency: { id: 'editor.relation.dependency' },
  revisionOf: { id: 'editor.relation.revisionOf' },
};

/** The label of each distance unit of a resolution. */
export const unitLabels: Record<Extract<Resolution, { kind: 'distance' }>['unit'], { id: string }> =
  {
    m: { id: 'editor.unit.m' },
    km: { id: 'editor.unit.km' },
    deg: { id: 'editor.unit.deg' },
  };
