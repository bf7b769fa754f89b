import type { Classification } from '@geoportal/contract/classification';
import { MemoryCache } from '../cache';
import type { AnswerCheck } from '../http/answer-schema';
import { classificationSchemas } from '../http/contract-schemas';
import type { HttpClient } from '../http/http-client';
import { getJson } from '../http-client';

/** The API path of a classification (SPEC §7 `GET /classification/{id}`). */
export const classificationPath = (id: string) => `classification/${encodeURIComponent(id)}`;

/** Answers are checked against the contract, so a wrong answer fails instead of showing codes. */
const classificationAnswer = async (): Promise<AnswerCheck<Classification>> => ({
  schema: (await classificationSchemas()).Classification,
  invalid: 'an invalid classification',
});

/**
 * Classifications change rarely (an administrator edits them), so the browser keeps each for
 * the cache lifetime of SPEC §9 (5 minutes). Failures are not cached.
 */
const cache = new MemoryCache<Classification>();

/** Loads under way, so that pickers asking at the same time share one request. */
const pending = new Map<string, Promise<Classification>>();

/** A classification through the app's client, cached. */
export function loadClassification(client: HttpClient, id: string): Promise<Classification> {
  const key = `classification${id}`;
  const cached = cache.get(key);
  if (cached) return Promise.resolve(cached);
  let load = pending.get(key);
  if (!load) {
    load = cache
      .getOrLoad(key, async () => client.get(classificationPath(id), await classificationAnswer()))
      .finally(() => pending.delete(key));
    pending.set(key, load);
  }
  return load;
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
  return getJson(ssrApiBase, classificationPath(id), await classificationAnswer());
}
