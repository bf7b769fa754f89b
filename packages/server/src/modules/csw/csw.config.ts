import { availableLanguages, type Language } from '@geoportal/contract/languages';
import { z } from 'zod';

/**
 * Configuration of the catalogue service (`/csw`), parsed by `config.ts` from the `CSW_*`
 * variables. The parsers live here, beside the code that uses the values.
 *
 * The service texts exist per language (INSPIRE asks the capabilities in the language the
 * client names): `CSW_TITLE_DE`, `CSW_TITLE_EN`, … Each text of a language is, in this
 * order, its own variable, the default language's variable, the unmarked variable
 * (`CSW_TITLE`, as before there were languages), the built-in text of that language. So a
 * site that set only `CSW_TITLE` keeps its title in every language.
 */

/** The texts the capabilities show in one language; unset ones are left out. */
export interface CswTexts {
  title: string;
  abstract: string;
  keywords: string[];
  fees: string;
  accessConstraints: string;
  providerName: string;
  contactName: string | undefined;
}

export interface CswConfig {
  /** Language of an answer that names none or an unsupported one (`CSW_DEFAULT_LANGUAGE`, default de). */
  defaultLanguage: Language;
  /** The service texts in every language of the product (`CSW_TITLE_DE`, `CSW_TITLE_EN`, …). */
  texts: Record<Language, CswTexts>;
  /** The provider's web site (`CSW_PROVIDER_SITE`, default `PUBLIC_URL`). */
  providerSite: string | undefined;
  /**
   * The contact's e-mail address (`CSW_CONTACT_EMAIL`); INSPIRE's metadata point of contact
   * needs one, so the INSPIRE extended capabilities are written only when it is set.
   */
  contactEmail: string | undefined;
  /** Most records one GetRecords answers (`CSW_MAX_RECORDS`, default 100); larger asks are cut. */
  maxRecords: number;
}

/** Built-in texts: a site that configures nothing still describes its service in both languages. */
const builtIn: Record<Language, CswTexts> = {
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

type Localized<N extends string> = N | `${N}_DE` | `${N}_EN`;

/** `NAME`, `NAME_DE` and `NAME_EN`, each parsed by `schema`. */
function localized<N extends string, S extends z.ZodType>(
  name: N,
  schema: S,
): Record<Localized<N>, z.ZodOptional<S>> {
  return Object.fromEntries(
    [name, `${name}_DE`, `${name}_EN`].map((key) => [key, schema.optional()]),
  ) as Record<Localized<N>, z.ZodOptional<S>>;
}

const text = (max: number) => z.string().max(max);

/** The `CSW_*` variables and their parsing rules; `config.ts` adds them to the environment. */
export const CswEnvironment = {
  CSW_DEFAULT_LANGUAGE: z.enum(availableLanguages).optional(),
  ...localized('CSW_TITLE', text(500)),
  ...localized('CSW_ABSTRACT', text(5000)),
  ...localized('CSW_KEYWORDS', text(2000)),
  ...localized('CSW_FEES', text(500)),
  ...localized('CSW_ACCESS_CONSTRAINTS', text(500)),
  ...localized('CSW_PROVIDER_NAME', text(500)),
  ...localized('CSW_CONTACT_NAME', text(500)),
  CSW_PROVIDER_SITE: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
  CSW_CONTACT_EMAIL: z.email('expected an e-mail address').optional(),
  CSW_MAX_RECORDS: z
    .string()
    .regex(/^\d+$/, 'expected a whole number')
    .transform(Number)
    .refine((n) => n > 0 && n <= 1000, 'must be a whole number from 1 to 1000')
    .optional(),
};

type CswVariables = {
  [K in keyof typeof CswEnvironment]?: z.output<(typeof CswEnvironment)[K]>;
};

const SUFFIX: Record<Language, 'DE' | 'EN'> = { de: 'DE', en: 'EN' };

/** The configuration from the parsed variables. */
export function cswConfig(e: CswVariables): CswConfig {
  const defaultLanguage = e.CSW_DEFAULT_LANGUAGE ?? 'de';
  const pick = <N extends string>(name: N, language: Language) => {
    const own = e[`${name}_${SUFFIX[language]}` as keyof CswVariables];
    const ofDefault = e[`${name}_${SUFFIX[defaultLanguage]}` as keyof CswVariables];
    const unmarked = e[name as keyof CswVariables];
    return (own ?? ofDefault ?? unmarked) as string | undefined;
  };
  const textsIn = (language: Language): CswTexts => {
    const fallback = builtIn[language];
    const keywords = pick('CSW_KEYWORDS', language);
    return {
      title: pick('CSW_TITLE', language) ?? fallback.title,
      abstract: pick('CSW_ABSTRACT', language) ?? fallback.abstract,
      keywords:
        keywords === undefined
          ? fallback.keywords
          : keywords
              .split(',')
              .map((k) => k.trim())
              .filter(Boolean),
      fees: pick('CSW_FEES', language) ?? fallback.fees,
      accessConstraints: pick('CSW_ACCESS_CONSTRAINTS', language) ?? fallback.accessConstraints,
      providerName: pick('CSW_PROVIDER_NAME', language) ?? fallback.providerName,
      contactName: pick('CSW_CONTACT_NAME', language) ?? fallback.contactName,
    };
  };
  return {
    defaultLanguage,
    texts: { de: textsIn('de'), en: textsIn('en') },
    providerSite: e.CSW_PROVIDER_SITE,
    contactEmail: e.CSW_CONTACT_EMAIL,
    maxRecords: e.CSW_MAX_RECORDS ?? 100,
  };
}
