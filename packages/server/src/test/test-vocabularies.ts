import type { RecordCodes } from '@geoportal/contract/testing/record-arbitrary';
import { seedClassifications } from '../modules/classifications/seed/seeded.js';
import { nodesOf, type Vocabularies } from '../modules/records/iso19139-codes.js';

/** The seeded classifications as the ISO 19139 writer and reader take them (tests only). */
export const seededVocabularies: Vocabularies = new Map(
  seedClassifications.map((c) => [
    c.id,
    { id: c.id, labels: c.input.labels, nodes: c.input.nodes },
  ]),
);

const codes = (id: string) => nodesOf(seededVocabularies.get(id)).map((n) => n.id);

/** Codes the record arbitrary may use. */
export const seededCodes: RecordCodes = {
  topicCategory: codes('topicCategory'),
  inspireTheme: codes('inspireTheme'),
  license: codes('license'),
  contactRole: codes('contactRole'),
  protocol: codes('protocol'),
};
