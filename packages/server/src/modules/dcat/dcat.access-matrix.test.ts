import { type ObjectState, objectStates } from '@geoportal/contract/object';
import { describe, expect, it } from 'vitest';
import { mayFind, mayRead } from '../../test/expected-access.js';
import { type ReadMatrixCaller, readMatrixCallers, useReadMatrix } from '../../test/read-matrix.js';
import { testDatabases } from '../../test/test-app.js';
import { DCAT, ofType, parseTurtle } from './dcat.test-helpers.js';

/**
 * The access matrix of the DCAT-AP.de interface: every kind of caller × every workflow state,
 * through the catalogue (all three serializations) and a record's DCAT on its URL, as DESIGN §5
 * says (the expectations come from `expected-access.ts`, not from the code under test). The
 * catalogue finds what the search finds for the caller's account: access keys open single
 * records, never the catalogue, so a key holder gets the visitor's catalogue; on the record
 * URL the key opens the record it belongs to. The records and callers, with grants that could
 * let someone past review, come from `read-matrix.ts`.
 */

const BASE = 'https://geoportal.example.org';
const WORD = 'Matrixprobe';

/** On the record URL: what the caller may read, so the key opens the draft it was made for. */
const readable = (caller: ReadMatrixCaller, state: ObjectState) =>
  caller === 'readKey' ? state === 'published' || state === 'draft' : mayRead(caller, state);

describe.each(testDatabases)('DCAT-AP.de access matrix on $name', (database) => {
  const matrix = useReadMatrix(database, WORD, { PUBLIC_URL: BASE });

  for (const caller of readMatrixCallers) {
    it(`${caller}: the catalogue lists and counts exactly the records the search finds`, async () => {
      // In the catalogue: what the caller's account may find (a key holder is a visitor).
      const expected = objectStates.filter((s) => mayFind(caller, s));
      for (const extension of ['ttl', 'rdf', 'jsonld']) {
        const res = await matrix.app.inject({
          url: `/dcat/catalog.${extension}`,
          headers: matrix.headers(caller),
        });
        expect(res.statusCode).toBe(200);
        for (const state of objectStates) {
          expect(res.body.includes(`${WORD} ${state}`), `${extension} ${state}`).toBe(
            expected.includes(state),
          );
          expect(res.body.includes(matrix.ids[state]), `${extension} ${state} id`).toBe(
            expected.includes(state),
          );
        }
      }
      const quads = parseTurtle(
        (await matrix.app.inject({ url: '/dcat/catalog.ttl', headers: matrix.headers(caller) }))
          .body,
      );
      expect(new Set(ofType(quads, `${DCAT}Dataset`))).toEqual(
        new Set(expected.map((s) => `${BASE}/metadata/${matrix.ids[s]}#dataset`)),
      );
      const total = quads.find((q) => q.predicate.value.endsWith('#totalItems'));
      expect(total?.object.value).toBe(String(expected.length));
      expect(await matrix.searchCount(caller)).toBe(expected.length);
    });

    it(`${caller}: a record's DCAT answers exactly the readable records, else 404`, async () => {
      for (const state of objectStates) {
        for (const query of ['?format=dcat', '?format=rdf', '?format=jsonld']) {
          const res = await matrix.app.inject({
            url: `/api/v1/object/${matrix.ids[state]}${query}`,
            headers: matrix.headers(caller),
          });
          expect(res.statusCode, `${state} ${query}`).toBe(readable(caller, state) ? 200 : 404);
          expect(res.body.includes(`${WORD} ${state}`), `${state} ${query}`).toBe(
            readable(caller, state),
          );
        }
      }
    });
  }
});
