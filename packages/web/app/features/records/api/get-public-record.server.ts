import { Bundle } from '@geoportal/contract/files';
import { ObjectId, ObjectNormal } from '@geoportal/contract/object';
import { z } from 'zod';
import { objectPath } from '../../../lib/api/object-path';
import { getJsonOrNull } from '../../../lib/http-client';

/** A record as a visitor sees it, with the bundles of files shown to visitors. */
export interface PublicRecord {
  record: ObjectNormal;
  bundles: Bundle[];
}

/** The detailed view as far as the page uses it (permissions and history are dropped). */
const VisitorView = ObjectNormal.extend({ bundles: z.array(z.unknown()).default([]) });

/**
 * Reads a record as a visitor sees it (no token, no key), while rendering on the server
 * (`ssrApiBase`, loopback): the record in the normal detail plus its bundles, which only
 * the detailed view lists (a visitor gets the displayed ones). Answers null when a visitor
 * may not read it (the API's 404 covers both "missing" and "not readable") or the id cannot
 * be one; the browser then tries again with the user's token or key. A bundle that does not
 * fit the contract is left out. Other failures are thrown for the route's error page.
 */
export async function getPublicRecord(
  ssrApiBase: string,
  id: string,
): Promise<PublicRecord | null> {
  if (!ObjectId.safeParse(id).success) return null;
  const read = await getJsonOrNull(ssrApiBase, objectPath(id), {
    headers: { accept: 'application/json; detail=detailed' },
    schema: VisitorView,
    invalid: 'an invalid record',
  });
  if (!read) return null;
  const { bundles, ...record } = read;
  return {
    record,
    bundles: bundles.flatMap((item) => {
      const bundle = Bundle.safeParse(item);
      return bundle.success ? [bundle.data] : [];
    }),
  };
}
