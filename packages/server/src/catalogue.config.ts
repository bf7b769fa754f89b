import { availableLanguages, type Language } from '@geoportal/contract/languages';
import { z } from 'zod';

/**
 * The catalogue's identity (`config.catalogue`): one catalogue, several standards. CSW
 * (capabilities), OGC API Records (landing page, collection), DCAT-AP.de (`dcat:Catalog`)
 * and OAI-PMH (`Identify`) describe it with these values; `config.ts` parses them from the
 * `CATALOGUE_*` variables.
 *
 * Each `CATALOGUE_<NAME>` falls back to `CSW_<NAME>`, the name it had while only the
 * catalogue service read it, so existing installations keep their texts. The texts exist per
 * language (INSPIRE asks the capabilities in the language the client names):
 * `CATALOGUE_TITLE_DE`, `CATALOGUE_TITLE_EN`, … Each text of a language is, in this order,
 * its own variable, the default language's variable, the unmarked variable
 * (`CATALOGUE_TITLE`), the built-in text of that language; at each step the `CATALOGUE_`
 * name first, then the `CSW_` one. So a site that set only `CSW_TITLE` keeps its title in
 * every language.
 */

/** The texts that describe the catalogue in one language. */
export interface CatalogueTexts {
  title: string;
  /** The description (CSW's abstract, DCAT's `dct:description`). */
  abstract: string;
  keywords: string[];
  fees: string;
  accessConstraints: string;
  /** The provider, who publishes the catalogue (DCAT's publisher unless `DCAT_PUBLISHER_NAME`). */
  providerName: string;
  contactName: string | undefined;
}

export interface CatalogueConfig {
  /**
   * Language of an answer that names none or an unsupported one (`CATALOGUE_DEFAULT_LANGUAGE`,
   * default de).
   */
  defaultLanguage: Language;
  /** The texts in every language of the product (`CATALOGUE_TITLE_DE`, `CATALOGUE_TITLE_EN`, …). */
  texts: Record<Language, CatalogueTexts>;
  /** The provider's web site (`CATALOGUE_PROVIDER_SITE`, default `PUBLIC_URL`). */
  providerSite: string | undefined;
  /**
   * The contact's e-mail address (`CATALOGUE_CONTACT_EMAIL`); INSPIRE's metadata point of
   * contact needs one, so the CSW's INSPIRE extended capabilities are written only when it is
   * set. Also OAI-PMH's `adminEmail` unless `OAI_ADMIN_EMAIL` names another.
   */
  contactEmail: string | undefined;
}

/** Built-in texts: a site that configures nothing still describes its catalogue in both languages. */
const builtIn: Record<Language, CatalogueTexts> = {
  de: {
    title: 'Geoportal-Katalogdienst',
    abstract: 'Metadaten der Geodaten, Dienste und Dokumente dieses Geoportals (CSW 2.0.2).',
    keywords: ['Katalog', 'Metadaten', 'CSW'],
    fees: 'keine',
    accessConstraints: 'keine',
    providerName: 'Geoportal',
    contactName: undefined,
  },
  en: {
    title: 'Geoportal catalogue service',
    abstract: 'Metadata of the geodata, services and documents of this Geoportal (CSW 2.0.2).',
    keywords: ['catalogue', 'metadata', 'CSW'],
    fees: 'none',
    accessConstraints: 'none',
    providerName: 'Geoportal',
    contactName: undefined,
  },
};

/** The documented prefix first, then the one the variables had before (`CSW_*`). */
const PREFIXES = ['CATALOGUE', 'CSW'] as const;

/** The texts set per language, by their name without prefix. */
type LocalizedName =
  | 'TITLE'
  | 'ABSTRACT'
  | 'KEYWORDS'
  | 'FEES'
  | 'ACCESS_CONSTRAINTS'
  | 'PROVIDER_NAME'
  | 'CONTACT_NAME';
type Localized<N extends string> = N | `${N}_DE` | `${N}_EN`;

const text = (max: number) => z.string().max(max).optional();
type Text = ReturnType<typeof text>;

/** `NAME`, `NAME_DE` and `NAME_EN`, each a text of at most `max` characters. */
function localized<N extends string>(name: N, max: number): Record<Localized<N>, Text> {
  return Object.fromEntries(
    [name, `${name}_DE`, `${name}_EN`].map((key) => [key, text(max)]),
  ) as Record<Localized<N>, Text>;
}

const language = z.enum(availableLanguages).optional();
const site = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional();
const email = z.email('expected an e-mail address').optional();

/** The variables of one prefix. */
function variablesOf<P extends string>(prefix: P) {
  return {
    ...({ [`${prefix}_DEFAULT_LANGUAGE`]: language } as Record<
      `${P}_DEFAULT_LANGUAGE`,
      typeof language
    >),
    ...localized(`${prefix}_TITLE` as const, 500),
    ...localized(`${prefix}_ABSTRACT` as const, 5000),
    ...localized(`${prefix}_KEYWORDS` as const, 2000),
    ...localized(`${prefix}_FEES` as const, 500),
    ...localized(`${prefix}_ACCESS_CONSTRAINTS` as const, 500),
    ...localized(`${prefix}_PROVIDER_NAME` as const, 500),
    ...localized(`${prefix}_CONTACT_NAME` as const, 500),
    ...({ [`${prefix}_PROVIDER_SITE`]: site } as Record<`${P}_PROVIDER_SITE`, typeof site>),
    ...({ [`${prefix}_CONTACT_EMAIL`]: email } as Record<`${P}_CONTACT_EMAIL`, typeof email>),
  };
}

/** The variables of both prefixes and their parsing rules; `config.ts` adds them to the environment. */
export const CatalogueEnvironment = { ...variablesOf('CATALOGUE'), ...variablesOf('CSW') };

/** The parsed variables (unset ones absent). */
export type CatalogueVariables = {
  [K in keyof typeof CatalogueEnvironment]?: z.output<(typeof CatalogueEnvironment)[K]>;
};

const SUFFIX: Record<Language, 'DE' | 'EN'> = { de: 'DE', en: 'EN' };

/** `CATALOGUE_<name>`, else `CSW_<name>`. */
function variable(e: CatalogueVariables, name: string): string | undefined {
  for (const prefix of PREFIXES) {
    const value = e[`${prefix}_${name}` as keyof CatalogueVariables];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The default language of the catalogue: `CATALOGUE_DEFAULT_LANGUAGE`, else `CSW_…`, else de. */
function defaultLanguageOf(e: CatalogueVariables): Language {
  return (variable(e, 'DEFAULT_LANGUAGE') as Language | undefined) ?? 'de';
}

/**
 * A text of `language` as the variables set it (own language, default language, unmarked),
 * or undefined when none does.
 */
function configured(
  e: CatalogueVariables,
  name: LocalizedName,
  language: Language,
): string | undefined {
  const defaultLanguage = defaultLanguageOf(e);
  return (
    variable(e, `${name}_${SUFFIX[language]}`) ??
    variable(e, `${name}_${SUFFIX[defaultLanguage]}`) ??
    variable(e, name)
  );
}

/**
 * The catalogue's title in its default language when a variable sets one: the name OAI-PMH's
 * `Identify` gives unless `OAI_REPOSITORY_NAME` names another.
 */
export function configuredTitle(e: CatalogueVariables): string | undefined {
  return configured(e, 'TITLE', defaultLanguageOf(e));
}

/** The configuration from the parsed variables. */
export function catalogueConfig(e: CatalogueVariables): CatalogueConfig {
  const textsIn = (language: Language): CatalogueTexts => {
    const fallback = builtIn[language];
    const pick = (name: LocalizedName) => configured(e, name, language);
    const keywords = pick('KEYWORDS');
    return {
      title: pick('TITLE') ?? fallback.title,
      abstract: pick('ABSTRACT') ?? fallback.abstract,
      keywords:
        keywords === undefined
          ? fallback.keywords
          : keywords
              .split(',')
              .map((k) => k.trim())
              .filter(Boolean),
      fees: pick('FEES') ?? fallback.fees,
      accessConstraints: pick('ACCESS_CONSTRAINTS') ?? fallback.accessConstraints,
      providerName: pick('PROVIDER_NAME') ?? fallback.providerName,
      contactName: pick('CONTACT_NAME') ?? fallback.contactName,
    };
  };
  return {
    defaultLanguage: defaultLanguageOf(e),
    texts: { de: textsIn('de'), en: textsIn('en') },
    providerSite: variable(e, 'PROVIDER_SITE'),
    contactEmail: variable(e, 'CONTACT_EMAIL'),
  };
}
