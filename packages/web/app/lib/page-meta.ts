import type { Language } from '@geoportal/contract/languages';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { MetaDescriptor } from 'react-router';
import { type Messages, messagesOf } from './messages';

interface RootData {
  lang: Language;
  config: { publicUrl: string };
}

/**
 * One formatter per message catalogue: `meta` runs on every render of the document's head
 * (each navigation and each change of the router's state), and creating an intl object
 * there each time (locale checks, a fresh parse of the title pattern) was the largest
 * single cost of the home page's start-up on a phone (bench:lighthouse, issue 22).
 */
const intlByMessages = new WeakMap<Messages, IntlShape>();
const formatCache = createIntlCache();

function intlFor(lang: Language, messages: Messages): IntlShape {
  const known = intlByMessages.get(messages);
  if (known?.locale === lang) return known;
  const intl = createIntl({ locale: lang, defaultLocale: 'de', messages }, formatCache);
  intlByMessages.set(messages, intl);
  return intl;
}

/** What a route module's `meta` receives that matters here. */
interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
}

/**
 * The head entries of a page (SPEC §2): the title is its label plus the product suffix,
 * e.g. "Suche · Geoportal"; a canonical link built from `PUBLIC_URL` and the path. Meta is
 * rendered per route, so the link appears with each successful navigation and goes with it.
 */
export function metaFor(args: MetaArgsLike, label: (translate: (id: string) => string) => string) {
  const root = args.matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
  const messages = root ? messagesOf(root.lang) : undefined;
  if (!root || !messages) return [{ title: 'Geoportal' }];
  const intl = intlFor(root.lang, messages);
  const translate = (id: string) => intl.formatMessage({ id });
  const title = intl.formatMessage({ id: 'app.titleSuffix' }, { title: label(translate) });
  return [
    { title },
    { name: 'description', content: messages['app.description'] ?? '' },
    {
      tagName: 'link',
      rel: 'canonical',
      href: `${root.config.publicUrl}${args.location.pathname}`,
    },
  ] satisfies MetaDescriptor[];
}

/** A route's `meta` whose label is the translation `labelKey`. */
export function pageMeta(labelKey: string) {
  return (args: MetaArgsLike): MetaDescriptor[] => metaFor(args, (t) => t(labelKey));
}
