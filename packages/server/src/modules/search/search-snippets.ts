import type { SearchHit, Snippet } from '@geoportal/contract/search';

/**
 * Search snippets: the highlighted titles and abstract excerpts of hits, from the
 * `ts_headline` answers of the hits statement (search.repository.ts).
 */

/** Marks around matches in `ts_headline` answers (repo.TITLE_HEADLINE): never in record texts. */
const MARK_START = '\u0002';
const MARK_STOP = '\u0003';
/** Separates the fragments of an abstract's headline (repo.ABSTRACT_HEADLINE). */
const FRAGMENT_SEPARATOR = '\u0004';
/** The length of an abstract's start shown when it has no highlighted fragment. */
const SNIPPET_CHARS = 240;

/** Parts of a `ts_headline` answer: matches sit between the marks. */
function headlineSnippet(text: string): Snippet {
  const parts: Snippet = [];
  let rest = text;
  while (rest.length > 0) {
    const start = rest.indexOf(MARK_START);
    const stop = start < 0 ? -1 : rest.indexOf(MARK_STOP, start);
    if (start < 0 || stop < 0) {
      parts.push({ text: rest, match: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), match: false });
    parts.push({ text: rest.slice(start + 1, stop), match: true });
    rest = rest.slice(stop + 1);
  }
  // A mark left alone (a fragment cut inside a match) must not reach the reader.
  return parts
    .map((p) => ({ ...p, text: p.text.replaceAll(MARK_START, '').replaceAll(MARK_STOP, '') }))
    .filter((p) => p.text.length > 0);
}

/** A title per language: highlighted when the search ranked, else the plain text. */
export function languageSnippets(
  text: { de?: string; en?: string },
  de: string | null,
  en: string | null,
  ranked: boolean,
): SearchHit['highlights']['title'] {
  const one = (plain: string | undefined, headline: string | null) =>
    plain === undefined
      ? undefined
      : ranked && headline !== null
        ? headlineSnippet(headline)
        : [{ text: plain, match: false }];
  const out: SearchHit['highlights']['title'] = {};
  const sDe = one(text.de, de);
  const sEn = one(text.en, en);
  if (sDe) out.de = sDe;
  if (sEn) out.en = sEn;
  return out;
}

/** The start of an abstract, cut at a word boundary. */
function abstractStart(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const cut = flat.lastIndexOf(' ', SNIPPET_CHARS);
  return `${flat.slice(0, cut > SNIPPET_CHARS / 2 ? cut : SNIPPET_CHARS)} …`;
}

/**
 * An abstract per language: its highlighted fragments when the search ranked and the words
 * occur in it, else its start.
 */
export function abstractSnippets(
  text: { de?: string; en?: string } | null,
  de: string | null,
  en: string | null,
  ranked: boolean,
): SearchHit['highlights']['abstract'] {
  const out: SearchHit['highlights']['abstract'] = {};
  const one = (plain: string | undefined, headline: string | null): Snippet | undefined => {
    if (!plain) return undefined;
    if (!ranked || headline === null || !headline.includes(MARK_START)) {
      return [{ text: abstractStart(plain), match: false }];
    }
    const fragments = headline
      .split(FRAGMENT_SEPARATOR)
      .map((f) => f.trim())
      .filter(Boolean);
    return headlineSnippet(`… ${fragments.join(' … ')} …`);
  };
  const sDe = one(text?.de, de);
  const sEn = one(text?.en, en);
  if (sDe) out.de = sDe;
  if (sEn) out.en = sEn;
  return out;
}
