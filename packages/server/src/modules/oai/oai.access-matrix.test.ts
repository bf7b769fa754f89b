import { objectStates } from '@geoportal/contract/object';
import { describe, expect, it } from 'vitest';
import { type ReadMatrixCaller, readMatrixCallers, useReadMatrix } from '../../test/read-matrix.js';
import { testDatabases } from '../../test/test-app.js';
import { harvest, oaiAnswer, recordOf } from './oai.test-helpers.js';

/**
 * The access matrix of the OAI-PMH interface: every kind of caller × every workflow state.
 * A harvest copies the catalogue for the public, so every caller — signed in, editor,
 * administrator or key holder — gets what visitors may read (DESIGN §5): published records
 * with their content, a withdrawn record as a deleted header without content (it was public
 * once), and nothing of drafts and submissions. Every record carries grants that could let
 * someone past review: write and delete to a grantee and a stored read grant to everyone.
 */

const callers = readMatrixCallers;
type Caller = ReadMatrixCaller;

const WORD = 'Matrixprobe';

describe.each(testDatabases)('OAI-PMH access matrix on $name', (database) => {
  const matrix = useReadMatrix(database, WORD, {
    OAI_REPOSITORY_IDENTIFIER: 'geoportal.example.org',
  });
  const oai = async (caller: Caller, args: Record<string, string>) => {
    const res = await matrix.app.inject({
      method: 'GET',
      url: `/oai?${new URLSearchParams(args)}`,
      headers: matrix.headers(caller),
    });
    expect(res.statusCode).toBe(200);
    return oaiAnswer(res);
  };

  for (const caller of callers) {
    it(`${caller}: ListRecords and ListIdentifiers answer the public view only`, async () => {
      for (const verb of ['ListRecords', 'ListIdentifiers']) {
        const url = new URLSearchParams({ verb, metadataPrefix: 'oai_dc' });
        const res = await matrix.app.inject({
          method: 'GET',
          url: `/oai?${url}`,
          headers: matrix.headers(caller),
        });
        const answer = oaiAnswer(res);
        const { headers: items } = await harvest(matrix.app, { verb, metadataPrefix: 'oai_dc' });
        // The caller's answer is the visitor's, byte for byte.
        expect(items.map((h) => h.id)).toEqual(
          [
            ...answer.body.matchAll(
              /<identifier>oai:geoportal\.example\.org:([^<]+)<\/identifier>/g,
            ),
          ].map((m) => m[1]),
        );
        expect(new Set(items.filter((h) => !h.deleted).map((h) => h.id))).toEqual(
          new Set([matrix.ids.published]),
        );
        expect(new Set(items.filter((h) => h.deleted).map((h) => h.id))).toEqual(
          new Set([matrix.ids.withdrawn]),
        );
        for (const state of ['draft', 'submitted', 'withdrawn'] as const) {
          expect(answer.body.includes(`${WORD} ${state}`), `${verb} ${state}`).toBe(false);
        }
        if (verb === 'ListRecords') expect(answer.body).toContain(`${WORD} published`);
      }
    });

    it(`${caller}: GetRecord answers published records, withdrawn as deleted, nothing else`, async () => {
      for (const state of objectStates) {
        for (const metadataPrefix of ['oai_dc', 'iso19139', 'dcat_ap']) {
          const answer = await oai(caller, {
            verb: 'GetRecord',
            identifier: `oai:geoportal.example.org:${matrix.ids[state]}`,
            metadataPrefix,
          });
          expect(answer.body.includes(`${WORD} ${state}`), `${state} ${metadataPrefix}`).toBe(
            state === 'published',
          );
          if (state === 'withdrawn') expect(recordOf(answer).deleted).toBe(true);
          if (state === 'draft' || state === 'submitted') {
            expect(answer.errors.map((e) => e.code)).toEqual(['idDoesNotExist']);
          }
        }
      }
    });
  }
});
