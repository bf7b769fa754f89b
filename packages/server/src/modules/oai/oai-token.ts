import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { OaiError } from './oai.errors.js';

/**
 * Resumption tokens (OAI-PMH 2.0 §3.5). A token carries the whole state of a harvest, so it
 * survives restarts and works on any app process: the selection of the first request, the
 * harvest's upper time bound fixed at that request, and the key (datestamp, id) of the last
 * record answered — keyset paging, so records changed meanwhile neither shift the pages nor
 * appear twice (a changed record moves beyond the bound; the next incremental harvest has it).
 *
 * A token is `base64url(state JSON) "." base64url(mac)`: the MAC is HMAC-SHA256 (first 128
 * bits) under the server's key, so a forged or altered token is badResumptionToken.
 */

const HarvestState = z
  .object({
    /** The verb the token continues. */
    verb: z.enum(['ListIdentifiers', 'ListRecords']),
    prefix: z.string().max(40),
    set: z.string().max(200).optional(),
    /** Inclusive lower bound on the datestamp (ISO, milliseconds). */
    from: z.iso.datetime().optional(),
    /** Exclusive upper bound on the datestamp, fixed at the first request (ISO, milliseconds). */
    before: z.iso.datetime(),
    /** The datestamp (microseconds, as the database gave it) and id of the last record answered. */
    after: z.object({ datestamp: z.string().max(40), id: z.string().max(100) }),
    /** Records answered before the next page. */
    cursor: z.number().int().nonnegative(),
    /** The size of the complete list at the first request. */
    size: z.number().int().positive(),
  })
  .strict();
export type HarvestState = z.infer<typeof HarvestState>;

const MAC_BYTES = 16;

function mac(key: Buffer, payload: string): Buffer {
  // Its own context string: the server key also signs file URLs, never with this prefix.
  return createHmac('sha256', key)
    .update('geoportal/oai-resumption-token\n')
    .update(payload)
    .digest()
    .subarray(0, MAC_BYTES);
}

export function signToken(key: Buffer, state: HarvestState): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

const badToken = () =>
  new OaiError(
    'badResumptionToken',
    'The resumptionToken is invalid. Start the list again without a resumptionToken.',
  );

/** The state of a token this server signed; anything else is badResumptionToken. */
export function verifyToken(key: Buffer, token: string): HarvestState {
  const match = /^([A-Za-z0-9_-]{1,4000})\.([A-Za-z0-9_-]{16,64})$/.exec(token);
  if (!match) throw badToken();
  const [, payload, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badToken();
  try {
    return HarvestState.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    throw badToken();
  }
}
