import {
  availableLanguages,
  isLanguage,
  type Language,
  type Messages,
} from '@geoportal/contract/i18n';
import type { GitInfo } from '@geoportal/contract/system';
import { cacheKey, MemoryCache } from './cache';
import { getJson } from './http-client';
import { LANGUAGE_COOKIE } from './language';

/** The visitor's stored language, else the first available (SPEC §4). */
export function languageOf(request: Request): Language {
  const cookie = request.headers.get('cookie') ?? '';
  const stored = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookie)?.[1];
  return isLanguage(stored) ? stored : availableLanguages[0];
}

// Translations and the build description change only with a deployment; a short-lived
// per-process cache spares every page render two loopback requests.
const messagesCache = new MemoryCache<Messages>();
const gitInfoCache = new MemoryCache<GitInfo>();

export function loadMessages(ssrApiBase: string, language: Language): Promise<Messages> {
  return messagesCache.getOrLoad(cacheKey('i18n', ssrApiBase, language), () =>
    getJson<Messages>(ssrApiBase, `/i18n/${language}`),
  );
}

export function loadGitInfo(ssrApiBase: string): Promise<GitInfo> {
  return gitInfoCache.getOrLoad(cacheKey('git', ssrApiBase), () =>
    getJson<GitInfo>(ssrApiBase, '/assets/git.json'),
  );
}
