import { ErrorBody } from '@geoportal/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, withToken } from '../test/access-helpers.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import {
  cappedErrorBody,
  capText,
  MAX_ERROR_FIELDS,
  MAX_ERROR_MESSAGE_CHARS,
  MAX_FIELD_PATH_CHARS,
} from './error-handler.js';

/** Hardening point 7: the size of an error answer never grows with the size of the input. */
describe('the error message cap', () => {
  it('keeps short texts and cuts long ones with an ellipsis', () => {
    expect(capText('short')).toBe('short');
    const exact = 'x'.repeat(MAX_ERROR_MESSAGE_CHARS);
    expect(capText(exact)).toBe(exact);
    const cut = capText('y'.repeat(MAX_ERROR_MESSAGE_CHARS + 1));
    expect(cut).toHaveLength(MAX_ERROR_MESSAGE_CHARS);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('never splits a surrogate pair', () => {
    const text = `${'a'.repeat(MAX_ERROR_MESSAGE_CHARS - 2)}😀😀😀`;
    const cut = capText(text);
    expect(cut.length).toBeLessThanOrEqual(MAX_ERROR_MESSAGE_CHARS);
    expect(cut.endsWith('…')).toBe(true);
    // A lone surrogate would not survive a UTF-8 round trip.
    expect(Buffer.from(cut, 'utf8').toString('utf8')).toBe(cut);
  });

  it('caps the message, each field path and message, and the number of fields', () => {
    const body = cappedErrorBody(
      400,
      'request.validation',
      'm'.repeat(10_000),
      Array.from({ length: 1000 }, (_, i) => ({
        path: `body.${'p'.repeat(5000)}.${i}`,
        message: 'f'.repeat(10_000),
      })),
    );
    expect(body.message).toHaveLength(MAX_ERROR_MESSAGE_CHARS);
    expect(body.fields).toHaveLength(MAX_ERROR_FIELDS);
    for (const field of body.fields ?? []) {
      expect(field.path).toHaveLength(MAX_FIELD_PATH_CHARS);
      expect(field.message).toHaveLength(MAX_ERROR_MESSAGE_CHARS);
    }
    expect(ErrorBody.safeParse(body).success).toBe(true);
  });
});

describe('a large bad import answers a small error', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ name: 'pglite' });
    await createAccount(t.app, 'importer', 'importer password 1', { role: 'submitter' });
    token = await signIn(t.app, 'importer', 'importer password 1');
  });
  afterAll(async () => {
    await t.close();
  });

  it('1 MB of unclosed XML elements: 400 record.import_invalid with a capped message', async () => {
    // Every element stays open, so a parser that reports its tag stack names all of them.
    const open = '<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd">';
    // 1 MB, just under the 1 MiB body limit.
    const payload = open + '<gmd:contact>'.repeat(Math.floor((1_000_000 - open.length) / 13));
    expect(payload.length).toBeGreaterThan(999_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/object/import',
      headers: { ...withToken(token), 'content-type': 'application/xml' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    const body = ErrorBody.parse(res.json());
    expect(body.code).toBe('record.import_invalid');
    expect(body.message.length).toBeLessThanOrEqual(MAX_ERROR_MESSAGE_CHARS);
    expect(res.body.length).toBeLessThan(2 * MAX_ERROR_MESSAGE_CHARS);
  });
});
