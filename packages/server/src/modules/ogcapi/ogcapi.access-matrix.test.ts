import { type ObjectState, objectStates } from '@geoportal/contract/object';
import { describe, expect, it } from 'vitest';
import { mayFind } from '../../test/expected-access.js';
import { readMatrixCallers, useReadMatrix } from '../../test/read-matrix.js';
import { testDatabases } from '../../test/test-app.js';
import { items, ogcGet } from './ogcapi.test-helpers.js';

/**
 * The access matrix of OGC API Records: every kind of caller × every workflow state, through
 * the items (found, counted, filtered) and one item in both representations, as DESIGN §5
 * says (the expectations come from `expected-access.ts`, not from the code under test).
 * Access keys open single records in the object API, never the search; the API treats a key
 * holder as the visitor it is. The records and callers, with grants that could let someone
 * past review, come from `read-matrix.ts`.
 */

const WORD = 'Matrixprobe';

describe.each(testDatabases)('OGC API Records access matrix on $name', (database) => {
  const matrix = useReadMatrix(database, WORD);

  for (const caller of readMatrixCallers) {
    const visible = (state: ObjectState) => mayFind(caller, state);
    const expected = () => objectStates.filter(visible).map((s) => matrix.ids[s]);

    it(`${caller}: items finds and counts exactly the readable records, as the search API`, async () => {
      const queries: Record<string, string>[] = [
        { q: WORD.toLowerCase(), limit: '100' },
        { filter: `title LIKE '${WORD.toLowerCase()}'`, limit: '100' },
        { filter: "keywords LIKE 'matrix%'", sortby: '-updated', limit: '100' },
        { ids: Object.values(matrix.ids).join(','), limit: '100' },
      ];
      for (const params of queries) {
        const answer = await items(matrix.app, params, matrix.headers(caller));
        expect(new Set(answer.ids), JSON.stringify(params)).toEqual(new Set(expected()));
        expect(answer.numberMatched, JSON.stringify(params)).toBe(expected().length);
      }
      expect(await matrix.searchCount(caller)).toBe(expected().length);
      // A page of one counts all of them too, and the HTML list shows no other record.
      const html = await ogcGet(
        matrix.app,
        '/collections/metadata/items?f=html&limit=100',
        matrix.headers(caller),
      );
      for (const state of objectStates) {
        expect(html.body.includes(`${WORD} ${state}`), `html ${state}`).toBe(visible(state));
      }
    });

    it(`${caller}: items/{id} answers exactly the readable records, 404 for the others`, async () => {
      for (const state of objectStates) {
        for (const f of ['json', 'html']) {
          const res = await ogcGet(
            matrix.app,
            `/collections/metadata/items/${matrix.ids[state]}?f=${f}`,
            matrix.headers(caller),
          );
          expect(res.statusCode, `${state} ${f}`).toBe(visible(state) ? 200 : 404);
          expect(res.body.includes(`${WORD} ${state}`), `${state} ${f}`).toBe(visible(state));
        }
      }
    });
  }
});
