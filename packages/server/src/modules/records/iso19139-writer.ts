import { findNode, nodeLabel } from '@geoportal/contract/classification';
import {
  type Contact,
  type LanguageText,
  type Metadata,
  type OnlineResource,
  pointOfContact,
  type RecordLanguage,
  recordLanguages,
} from '@geoportal/contract/record';
import { type TreeWriting, writeXmlTree } from '../../xml/xml-tree-writer.js';
import {
  codeListBase,
  languageCodes,
  layerProtocols,
  localeIds,
  namespaces,
  onlineFunction,
  protocolNames,
  resourceLanguages,
  scopeCode,
  serviceTypeOf,
  thesauri,
  type Vocabularies,
} from './iso19139-codes.js';

/**
 * Writes a record as an ISO 19139 document (gmd:MD_Metadata). Elements follow the order of
 * the ISO 19139 schema; optional elements are left out when the record has nothing for them,
 * mandatory ones get `gco:nilReason="missing"`. Classification codes are written the way
 * other catalogues read them (labels, concept URIs, licence URLs), so `vocabularies` must
 * hold the classifications the record refers to.
 */

/** What the writer needs of an object. */
export interface ExportedObject {
  id: string;
  type: string;
  /** ISO date-time of the last change (the metadata date stamp). */
  modified: string;
  metadata: Metadata;
}

/** An element of the written tree: child elements and `@attributes` by name (`writeXmlTree`). */
export type IsoNode = Record<string, unknown>;
type Node = IsoNode;

/**
 * A number as xs:decimal: no exponent (String(1e-7) would be "1e-7") and the shortest digits
 * that read back to the same double; -0 keeps its sign.
 */
export function decimal(value: number): string {
  if (Object.is(value, -0)) return '-0';
  const plain = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(plain);
  if (!match) return plain;
  const [, sign, lead, rest = '', exp] = match;
  const digits = `${lead}${rest}`;
  const point = 1 + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

const cs = (text: string) => ({ 'gco:CharacterString': text });
const missing = { '@gco:nilReason': 'missing' };
const code = (list: string, value: string) => ({
  '@codeList': `${codeListBase}#${list}`,
  '@codeListValue': value,
  '#text': value,
});
const anchor = (href: string | undefined, text: string) =>
  href ? { 'gmx:Anchor': { '@xlink:href': href, '#text': text } } : cs(text);

/** The language a record is written in: German when its title has German, else English. */
function mainLanguage(metadata: Pick<Metadata, 'title'>): RecordLanguage {
  return metadata.title.de ? 'de' : 'en';
}

/**
 * A multilingual text: gco:CharacterString in the main language, gmd:PT_FreeText with a
 * LocalisedCharacterString for the other; a text only in the other language has just the
 * PT_FreeText.
 */
function multilingual(text: LanguageText | undefined, main: RecordLanguage): Node | undefined {
  if (!text) return undefined;
  const others = recordLanguages.filter((lang) => lang !== main && text[lang]);
  if (!text[main] && others.length === 0) return undefined;
  return {
    ...(others.length > 0 ? { '@xsi:type': 'gmd:PT_FreeText_PropertyType' } : {}),
    ...(text[main] ? cs(text[main]) : {}),
    ...(others.length > 0
      ? {
          'gmd:PT_FreeText': {
            'gmd:textGroup': others.map((lang) => ({
              'gmd:LocalisedCharacterString': {
                '@locale': `#${localeIds[lang]}`,
                '#text': text[lang],
              },
            })),
          },
        }
      : {}),
  };
}

const languageCode = (lang: RecordLanguage) => ({
  'gmd:LanguageCode': {
    '@codeList': 'http://www.loc.gov/standards/iso639-2/',
    '@codeListValue': languageCodes[lang],
    '#text': languageCodes[lang],
  },
});

function responsibleParty(contact: Contact, role = contact.role): Node {
  return {
    'gmd:CI_ResponsibleParty': {
      ...(contact.person ? { 'gmd:individualName': cs(contact.person) } : {}),
      ...(contact.organisation ? { 'gmd:organisationName': cs(contact.organisation) } : {}),
      ...(contact.phone || contact.email
        ? {
            'gmd:contactInfo': {
              'gmd:CI_Contact': {
                ...(contact.phone
                  ? { 'gmd:phone': { 'gmd:CI_Telephone': { 'gmd:voice': cs(contact.phone) } } }
                  : {}),
                ...(contact.email
                  ? {
                      'gmd:address': {
                        'gmd:CI_Address': { 'gmd:electronicMailAddress': cs(contact.email) },
                      },
                    }
                  : {}),
              },
            },
          }
        : {}),
      'gmd:role': { 'gmd:CI_RoleCode': code('CI_RoleCode', role) },
    },
  };
}

function citation(object: ExportedObject, main: RecordLanguage): Node {
  const { metadata } = object;
  const dates = (['creation', 'publication', 'revision'] as const).filter(
    (type) => metadata.dates?.[type],
  );
  return {
    'gmd:CI_Citation': {
      'gmd:title': multilingual(metadata.title, main),
      'gmd:date':
        dates.length > 0
          ? dates.map((type) => ({
              'gmd:CI_Date': {
                'gmd:date': { 'gco:Date': metadata.dates?.[type] },
                'gmd:dateType': { 'gmd:CI_DateTypeCode': code('CI_DateTypeCode', type) },
              },
            }))
          : missing,
      ...(metadata.identifier
        ? { 'gmd:identifier': { 'gmd:MD_Identifier': { 'gmd:code': cs(metadata.identifier) } } }
        : {}),
    },
  };
}

function keywords(metadata: Metadata, vocabularies: Vocabularies, main: RecordLanguage): Node[] {
  const blocks: Node[] = [];
  if (metadata.keywords?.length) {
    blocks.push({ 'gmd:MD_Keywords': { 'gmd:keyword': metadata.keywords.map(cs) } });
  }
  const groups = new Map<string, string[]>();
  for (const { classification, code: value } of metadata.classifiedKeywords ?? []) {
    groups.set(classification, [...(groups.get(classification) ?? []), value]);
  }
  for (const [id, codes] of groups) {
    const vocabulary = vocabularies.get(id);
    const known = thesauri[id];
    const title = known?.title ?? (vocabulary ? nodeLabel(vocabulary, main) : id);
    blocks.push({
      'gmd:MD_Keywords': {
        'gmd:keyword': codes.map((value) => {
          const node = vocabulary ? findNode(vocabulary, value) : undefined;
          return anchor(node?.uri, node ? nodeLabel(node, main) : value);
        }),
        'gmd:type': { 'gmd:MD_KeywordTypeCode': code('MD_KeywordTypeCode', 'theme') },
        'gmd:thesaurusName': {
          'gmd:CI_Citation': {
            'gmd:title': anchor(known?.uri, title),
            'gmd:date': known
              ? {
                  'gmd:CI_Date': {
                    'gmd:date': { 'gco:Date': known.date },
                    'gmd:dateType': {
                      'gmd:CI_DateTypeCode': code('CI_DateTypeCode', 'publication'),
                    },
                  },
                }
              : missing,
            // Names our classification, so that a re-import finds it whatever the title says.
            'gmd:identifier': {
              'gmd:MD_Identifier': { 'gmd:code': cs(`geoportal:classification:${id}`) },
            },
          },
        },
      },
    });
  }
  return blocks;
}

function constraints(metadata: Metadata, vocabularies: Vocabularies, main: RecordLanguage): Node[] {
  const blocks: Node[] = [];
  const otherRestrictions = {
    'gmd:MD_RestrictionCode': code('MD_RestrictionCode', 'otherRestrictions'),
  };
  if (metadata.licence) {
    const node = findNode(vocabularies.get('license') ?? { nodes: [] }, metadata.licence);
    blocks.push({
      'gmd:MD_LegalConstraints': {
        'gmd:useConstraints': otherRestrictions,
        'gmd:otherConstraints': anchor(
          node?.url ?? node?.uri,
          node ? nodeLabel(node, main) : metadata.licence,
        ),
      },
    });
  }
  const use = multilingual(metadata.useConstraints, main);
  if (use) {
    blocks.push({
      'gmd:MD_LegalConstraints': {
        'gmd:useConstraints': otherRestrictions,
        'gmd:otherConstraints': use,
      },
    });
  }
  const access = multilingual(metadata.accessConstraints, main);
  if (access) {
    blocks.push({
      'gmd:MD_LegalConstraints': {
        'gmd:accessConstraints': otherRestrictions,
        'gmd:otherConstraints': access,
      },
    });
  }
  return blocks;
}

function extent(metadata: Metadata): Node | undefined {
  const box = metadata.extent;
  const time = metadata.temporalExtent;
  const hasTime = Boolean(time?.start || time?.end);
  if (!box && !hasTime) return undefined;
  const position = (value: string | undefined) =>
    value ? value : { '@indeterminatePosition': 'unknown' };
  return {
    'gmd:EX_Extent': {
      ...(box
        ? {
            'gmd:geographicElement': {
              'gmd:EX_GeographicBoundingBox': {
                'gmd:westBoundLongitude': { 'gco:Decimal': decimal(box.west) },
                'gmd:eastBoundLongitude': { 'gco:Decimal': decimal(box.east) },
                'gmd:southBoundLatitude': { 'gco:Decimal': decimal(box.south) },
                'gmd:northBoundLatitude': { 'gco:Decimal': decimal(box.north) },
              },
            },
          }
        : {}),
      ...(hasTime
        ? {
            'gmd:temporalElement': {
              'gmd:EX_TemporalExtent': {
                'gmd:extent': {
                  'gml:TimePeriod': {
                    '@gml:id': 'temporal-extent',
                    'gml:beginPosition': position(time?.start),
                    'gml:endPosition': position(time?.end),
                  },
                },
              },
            },
          }
        : {}),
    },
  };
}

function resolution(metadata: Metadata): Node | undefined {
  const r = metadata.resolution;
  if (!r) return undefined;
  return {
    'gmd:MD_Resolution':
      r.kind === 'scale'
        ? {
            'gmd:equivalentScale': {
              'gmd:MD_RepresentativeFraction': {
                'gmd:denominator': { 'gco:Integer': String(r.denominator) },
              },
            },
          }
        : { 'gmd:distance': { 'gco:Distance': { '@uom': r.unit, '#text': decimal(r.value) } } },
  };
}

/**
 * One online resource. For services `gmd:name` holds the layer (what map clients look for)
 * and the human name travels in its `xlink:title`; for other links `gmd:name` is the name.
 */
function onlineResource(resource: OnlineResource): Node {
  const layered = layerProtocols.has(resource.protocol);
  const name = layered
    ? resource.layer || resource.name
      ? {
          ...(resource.name ? { '@xlink:title': resource.name } : {}),
          ...(resource.layer ? cs(resource.layer) : {}),
        }
      : undefined
    : resource.name
      ? cs(resource.name)
      : undefined;
  return {
    'gmd:CI_OnlineResource': {
      'gmd:linkage': { 'gmd:URL': resource.url },
      'gmd:protocol': cs(protocolNames[resource.protocol]?.[0] ?? resource.protocol),
      ...(name ? { 'gmd:name': name } : {}),
      ...(resource.description ? { 'gmd:description': cs(resource.description) } : {}),
      'gmd:function': {
        'gmd:CI_OnLineFunctionCode': code(
          'CI_OnLineFunctionCode',
          onlineFunction(resource.protocol),
        ),
      },
    },
  };
}

function distribution(metadata: Metadata): Node | undefined {
  const formats = metadata.formats ?? [];
  const links = metadata.onlineResources ?? [];
  if (formats.length === 0 && links.length === 0) return undefined;
  return {
    'gmd:MD_Distribution': {
      ...(formats.length > 0
        ? {
            'gmd:distributionFormat': formats.map((format) => ({
              'gmd:MD_Format': {
                'gmd:name': cs(format.name),
                'gmd:version': format.version
                  ? cs(format.version)
                  : { '@gco:nilReason': 'unknown' },
              },
            })),
          }
        : {}),
      ...(links.length > 0
        ? {
            'gmd:transferOptions': {
              'gmd:MD_DigitalTransferOptions': { 'gmd:onLine': links.map(onlineResource) },
            },
          }
        : {}),
    },
  };
}

/** The service part of SV_ServiceIdentification (ISO 19119), after the common elements. */
function serviceElements(metadata: Metadata, extentNode: Node | undefined): Node {
  const service = (metadata.onlineResources ?? []).find((r) => layerProtocols.has(r.protocol));
  const first = service ?? metadata.onlineResources?.[0];
  return {
    'srv:serviceType': { 'gco:LocalName': serviceTypeOf(first?.protocol) },
    ...(extentNode ? { 'srv:extent': extentNode } : {}),
    'srv:couplingType': { 'srv:SV_CouplingType': code('SV_CouplingType', 'loose') },
    'srv:containsOperations': first
      ? {
          'srv:SV_OperationMetadata': {
            'srv:operationName': cs('GetCapabilities'),
            'srv:DCP': { 'srv:DCPList': code('DCPList', 'WebServices') },
            'srv:connectPoint': {
              'gmd:CI_OnlineResource': { 'gmd:linkage': { 'gmd:URL': first.url } },
            },
          },
        }
      : missing,
  };
}

function identification(
  object: ExportedObject,
  vocabularies: Vocabularies,
  main: RecordLanguage,
): Node {
  const { metadata } = object;
  const isService = object.type === 'service';
  const languages = resourceLanguages(metadata);
  const extentNode = extent(metadata);
  const resolutionNode = resolution(metadata);
  const common: Node = {
    'gmd:citation': citation(object, main),
    'gmd:abstract': multilingual(metadata.abstract, main) ?? missing,
    ...(metadata.contacts?.length
      ? { 'gmd:pointOfContact': metadata.contacts.map((contact) => responsibleParty(contact)) }
      : {}),
    ...(metadata.keywords?.length || metadata.classifiedKeywords?.length
      ? { 'gmd:descriptiveKeywords': keywords(metadata, vocabularies, main) }
      : {}),
    ...(metadata.licence || metadata.useConstraints || metadata.accessConstraints
      ? { 'gmd:resourceConstraints': constraints(metadata, vocabularies, main) }
      : {}),
    ...(metadata.related?.length
      ? {
          'gmd:aggregationInfo': metadata.related.map((related) => ({
            'gmd:MD_AggregateInformation': {
              'gmd:aggregateDataSetIdentifier': {
                'gmd:MD_Identifier': { 'gmd:code': cs(related.id) },
              },
              'gmd:associationType': {
                'gmd:DS_AssociationTypeCode': code('DS_AssociationTypeCode', related.relation),
              },
            },
          })),
        }
      : {}),
  };
  if (isService)
    return {
      'srv:SV_ServiceIdentification': { ...common, ...serviceElements(metadata, extentNode) },
    };
  return {
    'gmd:MD_DataIdentification': {
      ...common,
      ...(resolutionNode ? { 'gmd:spatialResolution': resolutionNode } : {}),
      'gmd:language': (languages.length > 0 ? languages : [main]).map(languageCode),
      'gmd:characterSet': { 'gmd:MD_CharacterSetCode': code('MD_CharacterSetCode', 'utf8') },
      ...(metadata.topicCategories?.length
        ? {
            'gmd:topicCategory': metadata.topicCategories.map((c) => ({
              'gmd:MD_TopicCategoryCode': c,
            })),
          }
        : {}),
      ...(extentNode ? { 'gmd:extent': extentNode } : {}),
    },
  };
}

/** The metadata contact: the record's point of contact, else its first contact. */
function metadataContact(metadata: Metadata): Node {
  const contacts = metadata.contacts ?? [];
  const contact = contacts.find((c) => c.role === pointOfContact) ?? contacts[0];
  return contact ? responsibleParty(contact, pointOfContact) : missing;
}

/**
 * The record's `gmd:MD_Metadata` element as a tree for `writeXmlTree`: element names as keys in the
 * order of the schema, attributes as `@name`. The catalogue service trims it to the ISO
 * Application Profile's element sets; `writeIsoTree` writes it.
 */
export function iso19139Tree(object: ExportedObject, vocabularies: Vocabularies): IsoNode {
  const { metadata } = object;
  const main = mainLanguage(metadata);
  const isService = object.type === 'service';
  const other = recordLanguages.filter((lang) => lang !== main);
  return {
    'gmd:MD_Metadata': {
      ...Object.fromEntries(
        Object.entries(namespaces).map(([prefix, uri]) => [`@xmlns:${prefix}`, uri]),
      ),
      '@xsi:schemaLocation': isService
        ? `${namespaces.gmd} https://schemas.opengis.net/iso/19139/20070417/gmd/gmd.xsd ${namespaces.srv} https://schemas.opengis.net/iso/19139/20070417/srv/1.0/srv.xsd`
        : `${namespaces.gmd} https://schemas.opengis.net/iso/19139/20070417/gmd/gmd.xsd`,
      'gmd:fileIdentifier': cs(object.id),
      'gmd:language': languageCode(main),
      'gmd:characterSet': { 'gmd:MD_CharacterSetCode': code('MD_CharacterSetCode', 'utf8') },
      'gmd:hierarchyLevel': { 'gmd:MD_ScopeCode': code('MD_ScopeCode', scopeCode(object.type)) },
      'gmd:contact': metadataContact(metadata),
      'gmd:dateStamp': { 'gco:DateTime': object.modified },
      'gmd:metadataStandardName': cs('ISO 19115:2003/19139'),
      'gmd:metadataStandardVersion': cs('1.0'),
      'gmd:locale': other.map((lang) => ({
        'gmd:PT_Locale': {
          '@id': localeIds[lang],
          'gmd:languageCode': languageCode(lang),
          'gmd:characterEncoding': {
            'gmd:MD_CharacterSetCode': code('MD_CharacterSetCode', 'utf8'),
          },
        },
      })),
      ...(metadata.referenceSystem
        ? {
            'gmd:referenceSystemInfo': {
              'gmd:MD_ReferenceSystem': {
                'gmd:referenceSystemIdentifier': {
                  'gmd:RS_Identifier': {
                    'gmd:code': anchor(
                      `http://www.opengis.net/def/crs/EPSG/0/${metadata.referenceSystem.slice(5)}`,
                      metadata.referenceSystem,
                    ),
                  },
                },
              },
            },
          }
        : {}),
      'gmd:identificationInfo': identification(object, vocabularies, main),
      ...(distribution(metadata) ? { 'gmd:distributionInfo': distribution(metadata) } : {}),
      ...(metadata.lineage
        ? {
            'gmd:dataQualityInfo': {
              'gmd:DQ_DataQuality': {
                'gmd:scope': {
                  'gmd:DQ_Scope': {
                    'gmd:level': {
                      'gmd:MD_ScopeCode': code('MD_ScopeCode', scopeCode(object.type)),
                    },
                  },
                },
                'gmd:lineage': {
                  'gmd:LI_Lineage': {
                    'gmd:statement': multilingual(metadata.lineage, main) ?? missing,
                  },
                },
              },
            },
          }
        : {}),
    },
  };
}

/** Writes a tree of `iso19139Tree` (or a part of it) as XML, without an XML declaration. */
export function writeIsoTree(tree: IsoNode, writing?: TreeWriting): string {
  return writeXmlTree(tree, writing);
}

/** Writes the record as an ISO 19139 document (UTF-8, with XML declaration). */
export function writeIso19139(object: ExportedObject, vocabularies: Vocabularies): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${writeXmlTree(iso19139Tree(object, vocabularies))}`;
}
