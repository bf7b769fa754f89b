import { type ObjectState, objectStates } from '@geoportal/contract/object';
import { describe, expect, it } from 'vitest';
import { mayFind } from '../../test/expected-access.js';
import { type ReadMatrixCaller, readMatrixCallers, useReadMatrix } from '../../test/read-matrix.js';
import { testDatabases } from '../../test/test-app.js';
import { cswAnswer, resultsOf } from './csw.test-helpers.js';

/**
 * The access matrix of the catalogue service: every kind of caller × every workflow state,
 * through GetRecords, GetRecordById (both output schemas) and GetDomain, as DESIGN §5 says
 * (the expectations come from `expected-access.ts`, not from the code under test). Access
 * keys open single records in the API, never the search; the service treats a key holder as
 * the visitor it is. The records and callers, with grants that could let someone past
 * review, come from `read-matrix.ts`.
 */

const WORD = 'Matrixprobe';

describe.each(testDatabases)('CSW access matrix on $name', (database) => {
  const matrix = useReadMatrix(database, WORD);
  const csw = async (caller: ReadMatrixCaller, params: Record<string, string>) => {
    const res = await matrix.app.inject({
      method: 'GET',
      url: `/csw?${new URLSearchParams({ service: 'CSW', version: '2.0.2', ...params })}`,
      headers: matrix.headers(caller),
    });
    expect(res.statusCode).toBe(200);
    return cswAnswer(res);
  };

  for (const caller of readMatrixCallers) {
    const visible = (state: ObjectState) => mayFind(caller, state);
    const expected = () => objectStates.filter(visible).map((s) => matrix.ids[s]);

    it(`${caller}: GetRecords finds and counts exactly the readable records, as the search API`, async () => {
      const answer = resultsOf(
        await csw(caller, {
          request: 'GetRecords',
          typeNames: 'csw:Record',
          resultType: 'results',
          constraintLanguage: 'CQL_TEXT',
          constraint: `AnyText LIKE '${WORD.toLowerCase()}'`,
        }),
      );
      expect(new Set(answer.ids)).toEqual(new Set(expected()));
      expect(answer.matched).toBe(expected().length);
      expect(await matrix.searchCount(caller)).toBe(answer.matched);
    });

    it(`${caller}: GetRecordById answers exactly the readable records in both schemas`, async () => {
      for (const state of objectStates) {
        for (const outputSchema of [
          'http://www.opengis.net/cat/csw/2.0.2',
          'http://www.isotc211.org/2005/gmd',
        ]) {
          const { body: xml } = await csw(caller, {
            request: 'GetRecordById',
            id: matrix.ids[state],
            outputSchema,
          });
          expect(xml.includes(`${WORD} ${state}`), `${state} ${outputSchema}`).toBe(visible(state));
        }
      }
    });

    it(`${caller}: GetDomain lists the keywords of the readable records only`, async () => {
      const { body: xml } = await csw(caller, { request: 'GetDomain', PropertyName: 'Subject' });
      for (const state of objectStates) {
        expect(xml.includes(`matrix-${state}`), state).toBe(visible(state));
      }
    });
  }
});
