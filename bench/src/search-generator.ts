import type {
  Contact,
  Format,
  LanguageText,
  Metadata,
  OnlineResource,
  Resolution,
} from '@geoportal/contract/record';
import type { ClassificationCodes, CodeLabel } from './search-codes.js';
import { drawPlace, type Place, stateName } from './search-places.js';
import {
  chance,
  mixSeed,
  mulberry32,
  pick,
  type Random,
  randomId,
  randomInt,
  weighted,
  Zipf,
} from './search-random.js';
import {
  englishGlue,
  englishVerbs,
  formatNames,
  germanGlue,
  germanVerbs,
  people,
  referenceSystems,
} from './search-vocabulary.js';
import {
  cityOfficesOf,
  englishWords,
  germanAdjectiveForms,
  germanNouns,
  nationalOrganisations,
  type Organisation,
  stateOffices,
} from './search-words.js';

/**
 * Deterministic generator of realistic catalogue records for the search benchmark. Record
 * `i` of seed `s` is always the same (its own PRNG is seeded from s and i), so records can be
 * made in any batch size, and a database loaded once can be recognised and reused.
 * Changing what is generated must raise `generatorVersion`.
 */
export const generatorVersion = 1;

export type ObjectState = 'draft' | 'submitted' | 'published' | 'withdrawn';

/** An explicit read grant, so that the visibility filter of the search has work. */
export interface GeneratedGrant {
  subjectKind: 'user' | 'group' | 'role';
  subjectName: string;
}

/** One row of `object` (plus its grants), ready to insert. */
export interface GeneratedObject {
  id: string;
  type: string;
  state: ObjectState;
  /** Index into `ownerNames`. */
  owner: number;
  public: boolean;
  metadata: Metadata;
  createdAt: Date;
  modifiedAt: Date;
  grants: GeneratedGrant[];
}

/** Accounts that own the generated records (a few own most, Zipf). */
export const ownerNames = Array.from(
  { length: 250 },
  (_, i) => `bench-owner-${String(i + 1).padStart(3, '0')}`,
);
/** Groups named in grants; they need not exist for the visibility filter to evaluate them. */
export const groupNames = Array.from({ length: 20 }, (_, i) => `bench-group-${i + 1}`);

const day = 86_400_000;
/** The newest date a record may carry. */
const latest = Date.UTC(2026, 10, 20);
const isoDate = (ms: number) => new Date(Math.min(ms, latest)).toISOString().slice(0, 10);

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export interface GeneratorOptions {
  seed: number;
  codes: ClassificationCodes;
}

export class SearchRecordGenerator {
  readonly germanNouns = new Zipf(germanNouns());
  readonly germanAdjectives = new Zipf(germanAdjectiveForms());
  readonly englishWords = new Zipf(englishWords());
  private readonly topicCategories: Zipf<CodeLabel>;
  private readonly themes: Zipf<CodeLabel>;
  private readonly licences: Zipf<CodeLabel>;
  private readonly formats = new Zipf(formatNames);
  private readonly owners = new Zipf(ownerNames.map((_, i) => i));
  private readonly types: (readonly [string, number])[];
  private readonly roles: string[];
  private readonly protocols: Set<string>;

  constructor(readonly options: GeneratorOptions) {
    const { codes } = options;
    this.topicCategories = new Zipf(codes.topicCategory);
    this.themes = new Zipf(codes.inspireTheme);
    this.licences = new Zipf(codes.license);
    const typeWeights: Record<string, number> = { dataset: 62, series: 14, service: 14 };
    this.types = codes.resourceType.map((t) => [t.code, typeWeights[t.code] ?? 3] as const);
    this.roles = codes.contactRole.map((r) => r.code).filter((r) => r !== 'pointOfContact');
    this.protocols = new Set(codes.protocol.map((p) => p.code));
  }

  /** Record number `index` (0-based) of this seed. */
  record(index: number): GeneratedObject {
    const random = mulberry32(mixSeed(this.options.seed, index));
    const id = randomId(random);
    const type = weighted(random, this.types);
    const place = drawPlace(random);
    const organisation = this.organisationFor(random, place);
    const languages = weighted<readonly ('de' | 'en')[]>(random, [
      [['de', 'en'], 55],
      [['de'], 35],
      [['en'], 10],
    ]);
    const year = randomInt(random, 1990, 2026);
    const text = (de: () => string, en: () => string): LanguageText => ({
      ...(languages.includes('de') ? { de: de() } : {}),
      ...(languages.includes('en') ? { en: en() } : {}),
    });
    const isData = type === 'dataset' || type === 'series';

    const metadata: Metadata = {
      title: text(
        () => this.germanTitle(random, place, year),
        () => this.englishTitle(random, place, year),
      ),
      abstract: text(
        () => this.germanAbstract(random, place),
        () => this.englishAbstract(random, place),
      ),
      keywords: this.keywords(random, place),
      ...this.classified(random, isData),
      ...(place.extent && (isData || chance(random, 0.7)) ? { extent: place.extent } : {}),
      ...this.time(random, year, type),
      contacts: this.contacts(random, organisation),
      ...(chance(random, 0.92) ? { licence: this.licences.draw(random).code } : {}),
      ...(chance(random, 0.8) ? { referenceSystem: pick(random, referenceSystems) } : {}),
      ...(isData && chance(random, 0.5) ? { resolution: resolution(random) } : {}),
      ...(type !== 'service' ? { formats: this.formatList(random) } : {}),
      ...this.links(random, type, organisation, id),
      ...(isData && chance(random, 0.85)
        ? { lineage: { de: this.germanSentence(random, place, 8, 16) } }
        : {}),
      ...(chance(random, 0.6)
        ? { identifier: `https://registry.gdi-de.example/id/${organisation.host}/${id}` }
        : {}),
    };

    const state = weighted<ObjectState>(random, [
      ['published', 88],
      ['submitted', 5],
      ['draft', 5],
      ['withdrawn', 2],
    ]);
    // A few published records are not public; some drafts are shared. Both need grants.
    const isPublic = state !== 'published' || !chance(random, 0.04);
    const grants =
      !isPublic || (state !== 'published' && chance(random, 0.3)) ? this.grants(random) : [];
    const createdAt = Date.UTC(2012, 0, 1) + random() ** 0.7 * (latest - Date.UTC(2012, 0, 1));
    const modifiedAt = Math.min(latest, createdAt + random() ** 3 * 2 * 365 * day);
    return {
      id,
      type,
      state,
      owner: this.owners.draw(random),
      public: isPublic,
      metadata,
      createdAt: new Date(createdAt),
      modifiedAt: new Date(modifiedAt),
      grants,
    };
  }

  private readonly offices = new Map<string, Zipf<Organisation>>();
  private readonly national = new Zipf(nationalOrganisations);

  /** The authority of a record: a city office, a state office or a national body. */
  private organisationFor(random: Random, place: Place): Organisation {
    const zipf = (key: string, make: () => Organisation[]) => {
      let offices = this.offices.get(key);
      if (!offices) {
        offices = new Zipf(make());
        this.offices.set(key, offices);
      }
      return offices.draw(random);
    };
    const city = place.city;
    if (city && chance(random, 0.6)) return zipf(city.name, () => cityOfficesOf(city.name));
    const state = place.state;
    if (state) return zipf(state, () => stateOffices(stateName(state)));
    return this.national.draw(random);
  }

  private noun = (random: Random) => this.germanNouns.draw(random);

  private germanTitle(random: Random, place: Place, year: number): string {
    const adjective = () => capitalise(this.germanAdjectives.draw(random));
    switch (randomInt(random, 0, 5)) {
      case 0:
        return `${this.noun(random)} ${place.de}`;
      case 1:
        return `${adjective()} ${this.noun(random)} ${place.inDe}`;
      case 2:
        return `${this.noun(random)} und ${this.noun(random)} ${place.inDe}`;
      case 3:
        return `${this.noun(random)} ${place.de} ${year}`;
      case 4:
        return `${this.noun(random)} ${place.de} 1:${pick(random, ['5000', '10 000', '25 000', '50 000', '200 000'])}`;
      default:
        return `${adjective()} ${this.noun(random)}: ${this.noun(random)} ${place.inDe}`;
    }
  }

  private englishTitle(random: Random, place: Place, year: number): string {
    const word = () => this.englishWords.draw(random);
    switch (randomInt(random, 0, 3)) {
      case 0:
        return `${capitalise(word())} ${word()} of ${place.en}`;
      case 1:
        return `${capitalise(word())} ${word()} in ${place.en} ${year}`;
      case 2:
        return `${capitalise(word())} and ${word()} ${word()} – ${place.en}`;
      default:
        return `${capitalise(word())} ${word()}: ${word()} ${word()}, ${place.en}`;
    }
  }

  /** A sentence of `min`–`max` words: nouns, adjectives and glue words, with a verb. */
  private germanSentence(random: Random, place: Place, min: number, max: number): string {
    const words = [pick(random, ['Der', 'Die', 'Das', 'Diese']), this.noun(random)];
    words.push(pick(random, germanVerbs));
    const length = randomInt(random, min, max);
    while (words.length < length) {
      const u = random();
      if (u < 0.5) words.push(this.noun(random));
      else if (u < 0.68) words.push(this.germanAdjectives.draw(random));
      else if (u < 0.95) words.push(pick(random, germanGlue));
      else words.push(String(randomInt(random, 2, 2000)));
    }
    if (chance(random, 0.4)) words.push(place.inDe);
    return `${words.join(' ')}.`;
  }

  private germanAbstract(random: Random, place: Place): string {
    const sentences = randomInt(random, 2, 4);
    return Array.from({ length: sentences }, () => this.germanSentence(random, place, 9, 20)).join(
      ' ',
    );
  }

  private englishAbstract(random: Random, place: Place): string {
    const sentences = randomInt(random, 2, 4);
    return Array.from({ length: sentences }, () => {
      const words = ['The', this.englishWords.draw(random), pick(random, englishVerbs)];
      const length = randomInt(random, 9, 20);
      while (words.length < length) {
        words.push(
          chance(random, 0.7) ? this.englishWords.draw(random) : pick(random, englishGlue),
        );
      }
      if (chance(random, 0.4)) words.push(`in ${place.en}`);
      return `${words.join(' ')}.`;
    }).join(' ');
  }

  private keywords(random: Random, place: Place): string[] {
    const keywords = new Set<string>();
    const count = randomInt(random, 2, 6);
    for (let tries = 0; keywords.size < count && tries < 20; tries++) {
      keywords.add(chance(random, 0.85) ? this.noun(random) : this.englishWords.draw(random));
    }
    if (place.kind !== 'local' && chance(random, 0.4)) keywords.add(place.de);
    return [...keywords];
  }

  private classified(
    random: Random,
    isData: boolean,
  ): Pick<Metadata, 'topicCategories' | 'classifiedKeywords'> {
    const out: Pick<Metadata, 'topicCategories' | 'classifiedKeywords'> = {};
    if (isData || chance(random, 0.7)) {
      out.topicCategories = this.topicCategories
        .drawDistinct(
          random,
          weighted(random, [
            [1, 60],
            [2, 32],
            [3, 8],
          ]),
        )
        .map((c) => c.code);
    }
    if (chance(random, 0.8)) {
      out.classifiedKeywords = this.themes
        .drawDistinct(
          random,
          weighted(random, [
            [1, 70],
            [2, 25],
            [3, 5],
          ]),
        )
        .map((t) => ({ classification: 'inspireTheme', code: t.code }));
    }
    return out;
  }

  private time(
    random: Random,
    year: number,
    type: string,
  ): Pick<Metadata, 'dates' | 'temporalExtent'> {
    const created = Date.UTC(year, 0, 1) + random() * 364 * day;
    const published = created + random() * 300 * day;
    const dates: Metadata['dates'] = {
      creation: isoDate(created),
      publication: isoDate(published),
    };
    if (chance(random, 0.5)) dates.revision = isoDate(published + random() * (latest - published));
    if (type === 'service' || !chance(random, 0.6)) return { dates };
    const start = randomInt(random, 1950, Math.min(2025, year));
    const open = type === 'series' ? chance(random, 0.6) : chance(random, 0.15);
    const end = Math.min(2026, start + randomInt(random, 0, 25));
    return {
      dates,
      temporalExtent: {
        start: `${start}-01-01`,
        ...(open ? {} : { end: `${end}-12-31` }),
      },
    };
  }

  private contacts(random: Random, organisation: Organisation): Contact[] {
    const contact = (role: string): Contact => ({
      organisation: organisation.name,
      ...(chance(random, 0.5) ? { person: pick(random, people) } : {}),
      email: `${pick(random, ['geodaten', 'info', 'poststelle', 'metadaten'])}@${organisation.host}`,
      ...(chance(random, 0.3) ? { phone: `+49 30 23125 ${randomInt(random, 100, 999)}` } : {}),
      role,
    });
    const contacts = [contact('pointOfContact')];
    if (this.roles.length > 0 && chance(random, 0.4))
      contacts.push(contact(pick(random, this.roles)));
    return contacts;
  }

  private formatList(random: Random): Format[] {
    const count = weighted(random, [
      [1, 55],
      [2, 35],
      [3, 10],
    ]);
    return this.formats
      .drawDistinct(random, count)
      .map(([name, version]) => (version ? { name, version } : { name }));
  }

  private links(
    random: Random,
    type: string,
    organisation: Organisation,
    id: string,
  ): Pick<Metadata, 'onlineResources'> {
    const base = `https://geodienste.${organisation.host}`;
    const resource = (protocol: string, name: string, layer?: string): OnlineResource[] =>
      this.protocols.has(protocol)
        ? [{ url: `${base}/${protocol}/${id}`, protocol, name, ...(layer ? { layer } : {}) }]
        : [];
    const links: OnlineResource[] = [];
    if (type === 'service') {
      links.push(
        ...resource(
          pick(random, ['wms', 'wms', 'wfs', 'wmts', 'ogc-api-features']),
          'Dienst',
          `layer_${id.slice(0, 6)}`,
        ),
      );
    } else {
      if (chance(random, 0.5)) links.push(...resource('download', 'Download'));
      if (chance(random, 0.2))
        links.push(...resource('wms', 'Darstellungsdienst', `layer_${id.slice(0, 6)}`));
    }
    if (chance(random, 0.4)) links.push(...resource('website', 'Webseite'));
    return links.length > 0 ? { onlineResources: links } : {};
  }

  private grants(random: Random): GeneratedGrant[] {
    const count = randomInt(random, 1, 3);
    return Array.from({ length: count }, (): GeneratedGrant => {
      const kind = weighted<GeneratedGrant['subjectKind']>(random, [
        ['user', 50],
        ['group', 35],
        ['role', 15],
      ]);
      const subjectName =
        kind === 'user'
          ? pick(random, ownerNames)
          : kind === 'group'
            ? pick(random, groupNames)
            : pick(random, ['editor', 'submitter']);
      return { subjectKind: kind, subjectName };
    }).filter(
      (g, i, all) =>
        all.findIndex((o) => o.subjectKind === g.subjectKind && o.subjectName === g.subjectName) ===
        i,
    );
  }
}

function resolution(random: Random): Resolution {
  return chance(random, 0.5)
    ? {
        kind: 'scale',
        denominator: pick(random, [5000, 10_000, 25_000, 50_000, 100_000, 250_000, 1_000_000]),
      }
    : { kind: 'distance', value: pick(random, [1, 5, 10, 20, 25, 50, 100, 250, 1000]), unit: 'm' };
}
