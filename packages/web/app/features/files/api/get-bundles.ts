import { Bundle } from '@geoportal/contract/files';
import { objectPath } from '../../../lib/api/object-path';
import type { HttpClient } from '../../../lib/http/http-client';

/**
 * The bundles of a detailed object view, checked against the contract and in the server's
 * order (`order`, then name). A bundle that does not fit the contract is left out rather than
 * failing the whole list: the other files stay reachable.
 */
export function parseBundles(value: unknown): Bundle[] {
  if (!Array.isArray(value)) return [];
  const bundles: Bundle[] = [];
  for (const item of value) {
    const parsed = Bundle.safeParse(item);
    if (parsed.success) bundles.push(parsed.data);
  }
  return bundles.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

/**
 * Reads the object's bundles from its detailed view (`GET /object/{id}`, detail=detailed),
 * fresh from the server because it follows uploads and deletions. The server lists only the
 * bundles the caller may see: visitors get the displayed ones.
 */
export async function getBundles(client: HttpClient, id: string): Promise<Bundle[]> {
  const object = await client.get<{ bundles?: unknown }>(objectPath(id), {
    detail: 'detailed',
    noCache: true,
  });
  return parseBundles(object?.bundles);
}
