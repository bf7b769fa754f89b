import type { Messages } from '@geoportal/contract/i18n';
import { createIntl } from 'react-intl';
import type { MetaDescriptor } from 'react-router';

interface RootData {
  lang: string;
  messages: Messages;
}

/** What a route module's `meta` receives that matters here: the matched routes' data. */
interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/**
 * A route's `meta`: the page title is its translated label plus the product suffix
 * (SPEC §2), e.g. "Suche · Geoportal".
 */
export function pageMeta(labelKey: string) {
  return ({ matches }: MetaArgsLike): MetaDescriptor[] => {
    const root = matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
    if (!root) return [{ title: 'Geoportal' }];
    const intl = createIntl({ locale: root.lang, defaultLocale: 'de', messages: root.messages });
    const title = intl.formatMessage(
      { id: 'app.titleSuffix' },
      { title: intl.formatMessage({ id: labelKey }) },
    );
    return [{ title }, { name: 'description', content: root.messages['app.description'] ?? '' }];
  };
}
