import type { Messages } from '@geoportal/contract/i18n';
import { createIntl } from 'react-intl';
import type { MetaDescriptor } from 'react-router';

interface RootData {
  lang: string;
  messages: Messages;
  config: { publicUrl: string };
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
  if (!root) return [{ title: 'Geoportal' }];
  const intl = createIntl({ locale: root.lang, defaultLocale: 'de', messages: root.messages });
  const translate = (id: string) => intl.formatMessage({ id });
  const title = intl.formatMessage({ id: 'app.titleSuffix' }, { title: label(translate) });
  return [
    { title },
    { name: 'description', content: root.messages['app.description'] ?? '' },
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
