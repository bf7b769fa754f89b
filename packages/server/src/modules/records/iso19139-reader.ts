import { calendarDay } from '@geoportal/contract/calendar';
import {
  BoundingBox,
  type ClassifiedKeyword,
  Contact,
  Format,
  type LanguageText,
  Metadata,
  OnlineResource,
  type RecordLanguage,
  RelatedRecord,
  Resolution,
  recordLanguages,
  recordLimits,
  TemporalExtent,
} from '@geoportal/contract/record';
import {
  attrOf,
  children,
  descend,
  first,
  parseXml,
  textOf,
  type XmlElement,
} from '../../xml/xml-document.js';
import {
  distanceUnits,
  languageOf,
  layerProtocols,
  matchNode,
  nodesOf,
  protocolNames,
  thesauri,
  typeOfScope,
  type Vocabularies,
  type Vocabulary,
} from './iso19139-codes.js';
import { ImportInvalidError } from './record.errors.js';

/**
 * Reads an ISO 19139 document (ours or another catalogue's, e.g. a GeoNetwork export) into a
 * record. Unknown elements are ignored. Classification values are mapped to our codes
 * through `vocabularies`; a keyword that matches no code becomes a free keyword, other
 * values that match no code are dropped, as are values our record schema would refuse.
 * The result always passes `Metadata`. Pure: no database, no network.
 */

export interface ImportedRecord {
  type: string;
  metadata: Metadata;
  /** The record's `gmd:fileIdentifier`, when it has a usable one: how a re-import is found. */
  fileIdentifier?: string;
}

/** Longest `gmd:fileIdentifier` kept; a longer one is no identifier we could match on. */
const FILE_IDENTIFIER_MAX = 255;

const ISO_ROOT = 'MD_Metadata';

/** The metadata element: the root, or the first one inside a wrapper such as a CSW answer. */
function findRecord(name: string, root: XmlElement): XmlElement {
  if (name === ISO_ROOT) return root;
  const inner = children(root, ISO_ROOT)[0];
  if (inner) return inner;
  throw new ImportInvalidError(
    `The file is XML but not an ISO 19139 record: its root element is <${name}>, expected <gmd:MD_Metadata>.`,
  );
}

/** The text of a CharacterString-like property: gco:CharacterString, gmx:Anchor, … */
function stringOf(property: XmlElement | undefined): string {
  if (!property) return '';
  for (const name of [
    'CharacterString',
    'Anchor',
    'FileName',
    'MimeFileType',
    'LocalName',
    'URL',
  ]) {
    const value = textOf(first(property, name));
    if (value) return value;
  }
  return textOf(property);
}

/** The href of a property holding a gmx:Anchor, if any. */
const hrefOf = (property: XmlElement | undefined) => attrOf(first(property, 'Anchor'), 'href');

/** A code list value: its codeListValue attribute, else its text. */
const codeOf = (element: XmlElement | undefined) =>
  (attrOf(element, 'codeListValue') ?? textOf(element)).trim();

const truncate = (text: string, max: number) =>
  text.length > max ? text.slice(0, max).trim() : text;

interface Context {
  main: RecordLanguage;
  /** Locale ids (without #) to our languages. */
  locales: Map<string, RecordLanguage>;
  vocabularies: Vocabularies;
}

/** A multilingual property: CharacterString in the main language plus localised strings. */
function languageText(
  property: XmlElement | undefined,
  ctx: Context,
  max: number,
): LanguageText | undefined {
  if (!property) return undefined;
  const text: LanguageText = {};
  const main = stringOf(property);
  if (main) text[ctx.main] = truncate(main, max);
  for (const localised of descend(
    property,
    'PT_FreeText',
    'textGroup',
    'LocalisedCharacterString',
  )) {
    const locale = (attrOf(localised, 'locale') ?? '').replace(/^#/, '');
    const lang = ctx.locales.get(locale) ?? languageOf(locale);
    const value = textOf(localised);
    if (lang && value && !text[lang]) text[lang] = truncate(value, max);
  }
  return text.de || text.en ? text : undefined;
}

/** Joins several multilingual texts (e.g. two use-constraint statements) per language. */
function joinTexts(texts: (LanguageText | undefined)[], max: number): LanguageText | undefined {
  const joined: LanguageText = {};
  for (const lang of recordLanguages) {
    const parts = texts.map((t) => t?.[lang]).filter((t): t is string => Boolean(t));
    if (parts.length > 0) joined[lang] = truncate(parts.join('\n\n'), max);
  }
  return joined.de || joined.en ? joined : undefined;
}

/** The day a date or date-time starts with, when it is a real day of the years 1 to 9999. */
const isoDate = (value: string) => {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  return date ? calendarDay(date) : undefined;
};

const number = (value: string) => (value.trim() === '' ? undefined : Number(value));

function readContacts(identification: XmlElement | undefined, ctx: Context) {
  const roles = ctx.vocabularies.get('contactRole');
  const contacts = [];
  for (const party of descend(identification, 'pointOfContact', 'CI_ResponsibleParty')) {
    const role = matchNode(roles, [codeOf(first(party, 'role', 'CI_RoleCode'))])?.id;
    if (!role) continue;
    const info = first(party, 'contactInfo', 'CI_Contact');
    const email = stringOf(first(info, 'address', 'CI_Address', 'electronicMailAddress'));
    const phone = stringOf(first(info, 'phone', 'CI_Telephone', 'voice'));
    const candidate = {
      organisation:
        truncate(stringOf(first(party, 'organisationName')), recordLimits.nameMax) || undefined,
      person: truncate(stringOf(first(party, 'individualName')), recordLimits.nameMax) || undefined,
      email: Contact.shape.email.safeParse(email || undefined).data,
      phone: Contact.shape.phone.safeParse(phone || undefined).data,
      role,
    };
    const parsed = Contact.safeParse(prune(candidate));
    if (parsed.success) contacts.push(parsed.data);
  }
  return contacts.slice(0, recordLimits.contactsMax);
}

/** The classification a keyword block's thesaurus names, if we know it. */
function thesaurusOf(block: XmlElement, ctx: Context): Vocabulary | undefined {
  const citation = first(block, 'thesaurusName', 'CI_Citation');
  if (!citation) return undefined;
  for (const identifier of descend(citation, 'identifier', 'MD_Identifier', 'code')) {
    const id = /^geoportal:classification:(.+)$/.exec(stringOf(identifier))?.[1];
    if (id && ctx.vocabularies.has(id)) return ctx.vocabularies.get(id);
  }
  const title = first(citation, 'title');
  const names = [stringOf(title), hrefOf(title)];
  for (const [id, known] of Object.entries(thesauri)) {
    if (
      names.some(
        (n) => n && (n === known.uri || n.trim().toLowerCase() === known.title.toLowerCase()),
      )
    ) {
      return ctx.vocabularies.get(id);
    }
  }
  const lower = names.map((n) => n?.trim().toLowerCase());
  return [...ctx.vocabularies.values()].find(
    (v) =>
      lower.includes(v.id.toLowerCase()) ||
      lower.includes(v.labels.de.toLowerCase()) ||
      lower.includes(v.labels.en.toLowerCase()),
  );
}

function readKeywords(identification: XmlElement | undefined, ctx: Context) {
  const free: string[] = [];
  const classified: ClassifiedKeyword[] = [];
  const withUri = [...ctx.vocabularies.values()].filter((v) => nodesOf(v).some((n) => n.uri));
  for (const block of descend(identification, 'descriptiveKeywords', 'MD_Keywords')) {
    const vocabulary = thesaurusOf(block, ctx);
    for (const keyword of children(block, 'keyword')) {
      const text = stringOf(keyword);
      const href = hrefOf(keyword);
      let found: ClassifiedKeyword | undefined;
      const inside = vocabulary ? matchNode(vocabulary, [href, text]) : undefined;
      if (vocabulary && inside) found = { classification: vocabulary.id, code: inside.id };
      else if (href) {
        // A concept URI identifies its concept wherever the keyword was filed.
        for (const v of withUri) {
          const node = nodesOf(v).find(
            (n) => n.uri && n.uri.replace(/\/+$/, '') === href.replace(/\/+$/, ''),
          );
          if (node) {
            found = { classification: v.id, code: node.id };
            break;
          }
        }
      }
      if (found) {
        if (
          !classified.some(
            (k) => k.classification === found.classification && k.code === found.code,
          )
        ) {
          classified.push(found);
        }
      } else if (text) {
        const value = truncate(text, recordLimits.keywordMax);
        if (!free.includes(value)) free.push(value);
      }
    }
  }
  return {
    keywords: free.slice(0, recordLimits.keywordsMax),
    classifiedKeywords: classified.slice(0, recordLimits.classifiedKeywordsMax),
  };
}

/** A licence written as GDI-DE JSON (`{"id":"dl-by-de/2.0","url":…}`) in otherConstraints. */
function jsonLicence(text: string): string[] {
  if (!text.startsWith('{')) return [];
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    return ['url', 'id', 'name']
      .map((key) => value[key])
      .filter((v): v is string => typeof v === 'string');
  } catch {
    return [];
  }
}

function readConstraints(identification: XmlElement | undefined, ctx: Context) {
  const licences = ctx.vocabularies.get('license');
  let licence: string | undefined;
  const use: (LanguageText | undefined)[] = [];
  const access: (LanguageText | undefined)[] = [];
  for (const block of children(identification, 'resourceConstraints')) {
    for (const constraint of [
      ...children(block, 'MD_LegalConstraints'),
      ...children(block, 'MD_Constraints'),
    ]) {
      for (const limitation of children(constraint, 'useLimitation')) {
        use.push(languageText(limitation, ctx, recordLimits.constraintsMax));
      }
      const isAccess =
        children(constraint, 'accessConstraints').length > 0 &&
        children(constraint, 'useConstraints').length === 0;
      for (const other of children(constraint, 'otherConstraints')) {
        const text = stringOf(other);
        if (!isAccess) {
          const node = matchNode(licences, [hrefOf(other), text, ...jsonLicence(text)]);
          if (node) {
            licence ??= node.id;
            continue;
          }
        }
        (isAccess ? access : use).push(languageText(other, ctx, recordLimits.constraintsMax));
      }
    }
  }
  return {
    licence,
    useConstraints: joinTexts(use, recordLimits.constraintsMax),
    accessConstraints: joinTexts(access, recordLimits.constraintsMax),
  };
}

function readExtent(identification: XmlElement | undefined) {
  const extents = descend(identification, 'extent', 'EX_Extent');
  let extent: BoundingBox | undefined;
  for (const box of extents.flatMap((e) =>
    descend(e, 'geographicElement', 'EX_GeographicBoundingBox'),
  )) {
    const value = (name: string) => number(textOf(first(box, name, 'Decimal')));
    const parsed = BoundingBox.safeParse({
      west: value('westBoundLongitude'),
      south: value('southBoundLatitude'),
      east: value('eastBoundLongitude'),
      north: value('northBoundLatitude'),
    });
    if (parsed.success) {
      extent = parsed.data;
      break;
    }
  }
  let temporalExtent: TemporalExtent | undefined;
  for (const period of extents.flatMap((e) =>
    descend(e, 'temporalElement', 'EX_TemporalExtent', 'extent', 'TimePeriod'),
  )) {
    const end = (position: string, instant: string) =>
      isoDate(textOf(first(period, position))) ??
      isoDate(textOf(first(period, instant, 'TimeInstant', 'timePosition')));
    const parsed = TemporalExtent.safeParse(
      prune({ start: end('beginPosition', 'begin'), end: end('endPosition', 'end') }) ?? {},
    );
    if (parsed.success && (parsed.data.start || parsed.data.end)) {
      temporalExtent = parsed.data;
      break;
    }
  }
  return { extent, temporalExtent };
}

function readResolution(identification: XmlElement | undefined): Resolution | undefined {
  for (const res of descend(identification, 'spatialResolution', 'MD_Resolution')) {
    const denominator = number(
      textOf(first(res, 'equivalentScale', 'MD_RepresentativeFraction', 'denominator', 'Integer')),
    );
    const distance = first(res, 'distance', 'Distance');
    const unit = (Object.keys(distanceUnits) as (keyof typeof distanceUnits)[]).find((u) =>
      distanceUnits[u].test(attrOf(distance, 'uom') ?? ''),
    );
    const candidate =
      denominator !== undefined
        ? { kind: 'scale', denominator }
        : distance && unit
          ? { kind: 'distance', value: number(textOf(distance)), unit }
          : undefined;
    const parsed = Resolution.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/** Our protocol code for a foreign protocol value. */
function protocolOf(
  value: string,
  href: string | undefined,
  fn: string,
  ctx: Context,
): string | undefined {
  const known = new Set(nodesOf(ctx.vocabularies.get('protocol')).map((n) => n.id));
  const direct = matchNode(ctx.vocabularies.get('protocol'), [value, href])?.id;
  if (direct) return direct;
  const upper = `${value} ${href ?? ''}`.toUpperCase();
  const table = Object.entries(protocolNames).find(([, names]) =>
    names.some((n) => n.toUpperCase() === value.toUpperCase()),
  )?.[0];
  const guess =
    table ??
    (upper.includes('WMTS')
      ? 'wmts'
      : upper.includes('WMS')
        ? 'wms'
        : upper.includes('WFS')
          ? 'wfs'
          : /API.?FEATURES|OGCAPI/.test(upper)
            ? 'ogc-api-features'
            : upper.includes('DOWNLOAD') || fn === 'download'
              ? 'download'
              : 'website');
  // A link whose protocol we cannot tell is still a link: it falls back to the website code.
  if (known.has(guess)) return guess;
  return known.has('website') ? 'website' : undefined;
}

function readDistribution(record: XmlElement, ctx: Context) {
  const distributions = descend(record, 'distributionInfo', 'MD_Distribution');
  const formats: Format[] = [];
  const formatElements = [
    ...distributions.flatMap((d) => descend(d, 'distributionFormat', 'MD_Format')),
    ...distributions.flatMap((d) =>
      descend(d, 'distributor', 'MD_Distributor', 'distributorFormat', 'MD_Format'),
    ),
  ];
  for (const format of formatElements) {
    const parsed = Format.safeParse(
      prune({
        name: truncate(stringOf(first(format, 'name')), recordLimits.nameMax),
        version: stringOf(first(format, 'version')),
      }),
    );
    if (parsed.success) formats.push(parsed.data);
  }
  const resources: OnlineResource[] = [];
  const links = [
    ...distributions.flatMap((d) =>
      descend(d, 'transferOptions', 'MD_DigitalTransferOptions', 'onLine', 'CI_OnlineResource'),
    ),
    ...distributions.flatMap((d) =>
      descend(
        d,
        'distributor',
        'MD_Distributor',
        'distributorTransferOptions',
        'MD_DigitalTransferOptions',
        'onLine',
        'CI_OnlineResource',
      ),
    ),
  ];
  for (const link of links) {
    const protocolElement = first(link, 'protocol');
    const protocol = protocolOf(
      stringOf(protocolElement),
      hrefOf(protocolElement),
      codeOf(first(link, 'function', 'CI_OnLineFunctionCode')),
      ctx,
    );
    if (!protocol) continue;
    const nameElement = first(link, 'name');
    const nameText = stringOf(nameElement);
    const layered = layerProtocols.has(protocol);
    const candidate = {
      url: stringOf(first(link, 'linkage')),
      protocol,
      name: truncate(
        layered ? (attrOf(nameElement, 'title') ?? '') : nameText,
        recordLimits.nameMax,
      ),
      description: truncate(stringOf(first(link, 'description')), recordLimits.descriptionMax),
      layer: layered ? truncate(nameText, recordLimits.layerNameMax) : '',
    };
    const parsed = OnlineResource.safeParse(prune(candidate));
    if (parsed.success) resources.push(parsed.data);
  }
  return {
    formats: formats.slice(0, recordLimits.formatsMax),
    onlineResources: resources.slice(0, recordLimits.onlineResourcesMax),
  };
}

function readRelated(identification: XmlElement | undefined) {
  const related: RelatedRecord[] = [];
  for (const aggregate of descend(identification, 'aggregationInfo', 'MD_AggregateInformation')) {
    const parsed = RelatedRecord.safeParse({
      id:
        stringOf(first(aggregate, 'aggregateDataSetIdentifier', 'MD_Identifier', 'code')) ||
        stringOf(first(aggregate, 'aggregateDataSetIdentifier', 'RS_Identifier', 'code')),
      relation: codeOf(first(aggregate, 'associationType', 'DS_AssociationTypeCode')),
    });
    if (
      parsed.success &&
      !related.some((r) => r.id === parsed.data.id && r.relation === parsed.data.relation)
    ) {
      related.push(parsed.data);
    }
  }
  return related.slice(0, recordLimits.relatedMax);
}

function readReferenceSystem(record: XmlElement): string | undefined {
  for (const code of descend(
    record,
    'referenceSystemInfo',
    'MD_ReferenceSystem',
    'referenceSystemIdentifier',
    'RS_Identifier',
    'code',
  )) {
    for (const value of [stringOf(code), hrefOf(code) ?? '']) {
      const epsg =
        /EPSG\D*?(?:0\/)?(\d{4,6})\s*$/i.exec(value)?.[1] ?? /^(\d{4,6})$/.exec(value)?.[1];
      if (epsg) return `EPSG:${epsg}`;
    }
  }
  return undefined;
}

/** Removes empty strings, empty lists and empty objects, so optional fields stay absent. */
function prune<T>(value: T): T | undefined {
  if (typeof value === 'string') return (value.trim() === '' ? undefined : value) as T;
  if (Array.isArray(value)) {
    const items = value.map((item) => prune(item)).filter((item) => item !== undefined);
    return (items.length === 0 ? undefined : items) as T;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, prune(item)] as const)
      .filter(([, item]) => item !== undefined);
    return (entries.length === 0 ? undefined : Object.fromEntries(entries)) as T;
  }
  return value;
}

/** Our resource type of an MD_ScopeCode; unknown scopes are datasets. */
function readType(record: XmlElement, ctx: Context): string {
  const scope = codeOf(first(record, 'hierarchyLevel', 'MD_ScopeCode'));
  const types = ctx.vocabularies.get('resourceType');
  const node = matchNode(types, [typeOfScope(scope), scope]);
  if (node) return node.id;
  if (!types && /^[a-z][a-z-]{0,31}$/.test(typeOfScope(scope))) return typeOfScope(scope);
  return 'dataset';
}

/** Reads an ISO 19139 document (already decoded to text). */
export function readIso19139(xml: string, vocabularies: Vocabularies): ImportedRecord {
  const { name, root } = parseXml(xml);
  return readIso19139Record(findRecord(name, root), vocabularies);
}

/**
 * Reads one already parsed `gmd:MD_Metadata` element: a harvest parses a whole answer page
 * once and reads each record of it here.
 */
export function readIso19139Record(record: XmlElement, vocabularies: Vocabularies): ImportedRecord {
  const identification = Object.entries(first(record, 'identificationInfo') ?? {})
    .filter(([key]) => !key.startsWith('@') && !key.startsWith('#'))
    .flatMap(([key]) => children(first(record, 'identificationInfo'), key))[0];
  if (!identification) {
    throw new ImportInvalidError(
      'The ISO 19139 record has no gmd:identificationInfo, so it has no title to import.',
    );
  }
  const locales = new Map<string, RecordLanguage>();
  for (const locale of descend(record, 'locale', 'PT_Locale')) {
    const lang = languageOf(codeOf(first(locale, 'languageCode', 'LanguageCode')));
    const id = attrOf(locale, 'id');
    if (lang && id) locales.set(id, lang);
  }
  const declared = first(record, 'language');
  const main = languageOf(codeOf(first(declared, 'LanguageCode')) || stringOf(declared)) ?? 'de';
  const ctx: Context = { main, locales, vocabularies };

  const citation = first(identification, 'citation', 'CI_Citation');
  const title = languageText(first(citation, 'title'), ctx, recordLimits.titleMax);
  if (!title) {
    throw new ImportInvalidError(
      'The ISO 19139 record has no title (gmd:identificationInfo/…/gmd:citation/gmd:CI_Citation/gmd:title).',
    );
  }
  const dates: Record<string, string> = {};
  for (const date of descend(citation, 'date', 'CI_Date')) {
    const type = codeOf(first(date, 'dateType', 'CI_DateTypeCode'));
    const value = isoDate(
      textOf(first(date, 'date', 'Date')) || textOf(first(date, 'date', 'DateTime')),
    );
    if (
      (type === 'creation' || type === 'publication' || type === 'revision') &&
      value &&
      !dates[type]
    ) {
      dates[type] = value;
    }
  }
  const identifier = descend(citation, 'identifier')
    .flatMap((i) => [...children(i, 'MD_Identifier'), ...children(i, 'RS_Identifier')])
    .map((i) => stringOf(first(i, 'code')))
    .find((code) => code && code.length <= recordLimits.identifierMax);
  const topics = ctx.vocabularies.get('topicCategory');
  const topicCategories = [
    ...new Set(
      children(identification, 'topicCategory')
        .map((t) => matchNode(topics, [textOf(first(t, 'MD_TopicCategoryCode'))])?.id)
        .filter((id): id is string => Boolean(id)),
    ),
  ].slice(0, recordLimits.topicCategoriesMax);
  const lineage = descend(
    record,
    'dataQualityInfo',
    'DQ_DataQuality',
    'lineage',
    'LI_Lineage',
    'statement',
  )
    .map((statement) => languageText(statement, ctx, recordLimits.lineageMax))
    .find(Boolean);

  const candidate = prune({
    title,
    abstract: languageText(first(identification, 'abstract'), ctx, recordLimits.abstractMax),
    identifier,
    topicCategories,
    ...readKeywords(identification, ctx),
    ...readExtent(identification),
    dates,
    contacts: readContacts(identification, ctx),
    ...readConstraints(identification, ctx),
    referenceSystem: readReferenceSystem(record),
    resolution: readResolution(identification),
    ...readDistribution(record, ctx),
    lineage,
    related: readRelated(identification),
  });
  const parsed = Metadata.safeParse(candidate);
  if (!parsed.success) {
    // Every part was checked on its own above; this guards the combination.
    const issue = parsed.error.issues[0];
    throw new ImportInvalidError(
      `The ISO 19139 record cannot be imported: ${issue?.path.join('.') ?? 'record'} ${issue?.message ?? 'is invalid'}.`,
    );
  }
  const fileIdentifier = stringOf(first(record, 'fileIdentifier'));
  return {
    type: readType(record, ctx),
    metadata: parsed.data,
    ...(fileIdentifier && fileIdentifier.length <= FILE_IDENTIFIER_MAX ? { fileIdentifier } : {}),
  };
}
