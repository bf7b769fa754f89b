import { Classification } from '@geoportal/contract/classification';
import { MemoryCache } from '../cache';
import type { HttpClient } from '../http/http-client';
import { getJson } from '../http-client';

/** The API path of a classification (SPEC §7 `GET /classification/{id}`). */
export const classificationPath = (id: string) => `classification/${encodeURIComponent(id)}`;

/** Checks an answer against the contract, so a wrong answer fails instead of showing codes. */
export function validClassification(data: unknown): Classification {
  const parsed = Classification.safeParse(data);
  if (!parsed.success) throw new Error('The server answered with an invalid classification.');
  return parsed.data;
}

/**
 * Classifications change rarely (an administrator edits them), so the browser keeps each for
 * the cache lifetime of SPEC §9 (5 minutes). Failures are not cached.
 */
const cache = new MemoryCache<Classification>();

/** A classification through the app's client, cached. */
export function loadClassification(client: HttpClient, id: string): Promise<Classification> {
  return cache.getOrLoad(`classification${id}`, async () =>
    validClassification(await client.get(classificationPath(id))),
  );
}

/** Puts a classification read elsewhere (e.g. by a server loader) into the cache. */
export function primeClassification(classification: Classification): void {
  cache.set(`classification${classification.id}`, classification);
}

/** Forgets cached classifications, e.g. after an administrator saved one. */
export function forgetClassifications(): void {
  cache.clear();
}

/** A classification read while rendering on the server (public data, over loopback). */
export async function loadClassificationOnServer(
  ssrApiBase: string,
  id: string,
): Promise<Classification> {
  return validClassification(await getJson<unknown>(ssrApiBase, classificationPath(id)));
}
