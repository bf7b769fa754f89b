import { availableLanguages, isLanguage, type Language } from '@geoportal/contract/i18n';
import type { GitInfo } from '@geoportal/contract/system';
import Negotiator from 'negotiator';
import { cacheKey, MemoryCache } from './cache';
import { getJson } from './http-client';
import { LANGUAGE_COOKIE } from './language';

/**
 * The visitor's language (SPEC §4): the stored one (the cookie the language menu sets), else
 * the best of the browser's `Accept-Language` that the product offers, else the first
 * available. A first visit from an English browser thus reads English; a choice in the
 * menu wins from then on.
 */
export function languageOf(request: Request): Language {
  const cookie = request.headers.get('cookie') ?? '';
  const stored = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookie)?.[1];
  if (isLanguage(stored)) return stored;
  const acceptLanguage = request.headers.get('accept-language');
  if (!acceptLanguage) return availableLanguages[0];
  // Negotiator weighs q-values and matches "en-GB" to "en"; it answers undefined when
  // nothing offered is acceptable.
  const preferred = new Negotiator({
    headers: { 'accept-language': acceptLanguage.slice(0, 1000) },
  }).language([...availableLanguages]);
  return isLanguage(preferred) ? preferred : availableLanguages[0];
}

// The build description changes only with a deployment; a short-lived per-process cache
// spares every page render a loopback request.
const gitInfoCache = new MemoryCache<GitInfo>();

export function loadGitInfo(ssrApiBase: string): Promise<GitInfo> {
  return gitInfoCache.getOrLoad(cacheKey('git', ssrApiBase), () =>
    getJson<GitInfo>(ssrApiBase, '/assets/git.json'),
  );
}
