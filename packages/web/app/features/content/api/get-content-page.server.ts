import { ContentPage, isContentFileName } from '@geoportal/contract/content';
import type { Language } from '@geoportal/contract/i18n';
import { getJsonOrNull } from '../../../lib/http-client';

/**
 * Reads a static page from the API while rendering on the server (`ssrApiBase`, loopback).
 * Answers null when there is no such page: an unknown name, and also a name the API refuses
 * (400 `content.invalid_name`), so the visitor sees the same "not found" page either way and
 * the API's error never reaches the browser. A name that cannot be valid is not sent at all.
 * Other failures (API down, 500) are thrown for the route's error page.
 */
export function getContentPage(
  ssrApiBase: string,
  lang: Language,
  fileName: string,
): Promise<ContentPage | null> {
  if (!isContentFileName(fileName)) return Promise.resolve(null);
  // The HTML goes into the page unescaped: take only an answer of the agreed shape.
  return getJsonOrNull(ssrApiBase, `/content/${lang}/${fileName}`, {
    schema: ContentPage,
    invalid: 'an invalid content page',
  });
}
