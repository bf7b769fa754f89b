import { seededClassifications } from '@geoportal/contract/classification';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRecords } from '../../db/seed/demo-records.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { readClassifications } from '../classifications/classification.service.js';
import { carriedByIso19139 } from './iso19139-carried.js';
import type { Vocabularies } from './iso19139-codes.js';
import { readIso19139 } from './iso19139-reader.js';
import { writeIso19139 } from './iso19139-writer.js';

describe.each(testDatabases)('demo records as ISO 19139 on $name', (database) => {
  let t: TestApp;
  let vocabularies: Vocabularies;
  beforeAll(async () => {
    t = await createTestApp(database);
    // The classifications as the database holds them, as export and import see them.
    const ids = new Set<string>([
      ...seededClassifications,
      ...demoRecords.flatMap((r) =>
        (r.metadata.classifiedKeywords ?? []).map((k) => k.classification),
      ),
    ]);
    vocabularies = await readClassifications(t.app.db, [...ids]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('has demo records to check', () => {
    expect(demoRecords.length).toBeGreaterThanOrEqual(50);
  });

  it('exports every demo record well-formed and re-imports it to the same record', () => {
    for (const [index, record] of demoRecords.entries()) {
      const xml = writeIso19139(
        {
          id: `DemoRecord${String(index).padStart(12, '0')}`,
          type: record.type,
          modified: '2026-01-15T10:00:00.000Z',
          metadata: record.metadata,
        },
        vocabularies,
      );
      expect(XMLValidator.validate(xml), `record ${index}`).toBe(true);
      const back = readIso19139(xml, vocabularies);
      expect(back.type, `record ${index}`).toBe(record.type);
      expect(back.metadata, `record ${index}`).toEqual(
        carriedByIso19139(record.type, record.metadata),
      );
    }
  });
});
