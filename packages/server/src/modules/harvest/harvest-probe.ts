import { ErrorCode } from '@geoportal/contract/errors';
import type { HarvesterTestResult, HarvestSource } from '@geoportal/contract/harvester';
import { HttpError } from '../../http/errors.js';
import { attrOf, children, decodeXml, first, parseXml, textOf } from '../../xml/xml-document.js';
import { getRecordsUrl, owsException } from './sources/csw-source.js';
import { itemsUrl } from './sources/ogcapi-source.js';
import type { Fetch } from './sources/source.js';

/**
 * The "test connection" of the harvester form: asks the remote who it is (CSW
 * GetCapabilities, OAI-PMH Identify, the OGC API landing page) and how many records it
 * offers, through the same address rule as the runs. Every failure is an answer with a
 * stable code, never an error of this request.
 */

const refusedCodes = new Set<string>([
  ErrorCode.proxyAddressRefused,
  ErrorCode.proxyUrlInvalid,
  ErrorCode.proxyHostNotAllowed,
]);

async function xml(fetch: Fetch, url: string) {
  return parseXml(decodeXml((await fetch(url)).body));
}

async function probeCsw(source: HarvestSource, fetch: Fetch) {
  const capabilities = new URL(source.url);
  for (const [k, v] of Object.entries({
    service: 'CSW',
    version: '2.0.2',
    request: 'GetCapabilities',
  })) {
    capabilities.searchParams.set(k, v);
  }
  const { name, root } = await xml(fetch, capabilities.href);
  const exception = owsException(name, root);
  if (exception) throw new Error(`The catalogue answered ${exception}`);
  if (name !== 'Capabilities') throw new Error(`The answer is <${name}>, not CSW capabilities`);
  const title = textOf(first(root, 'ServiceIdentification', 'Title')) || '(no title)';
  const hitsUrl = new URL(getRecordsUrl(source.url, source.constraint, 1, 0));
  hitsUrl.searchParams.set('resultType', 'hits');
  const hits = await xml(fetch, hitsUrl.href);
  const matched = Number(attrOf(first(hits.root, 'SearchResults'), 'numberOfRecordsMatched'));
  return { title, records: Number.isFinite(matched) ? matched : null };
}

async function probeOai(source: HarvestSource, fetch: Fetch) {
  const identify = new URL(source.url);
  identify.search = '';
  identify.searchParams.set('verb', 'Identify');
  const { name, root } = await xml(fetch, identify.href);
  if (name !== 'OAI-PMH') throw new Error(`The answer is <${name}>, not OAI-PMH`);
  const error = first(root, 'error');
  if (error) throw new Error(`The repository answered ${attrOf(error, 'code')}: ${textOf(error)}`);
  const title = textOf(first(root, 'Identify', 'repositoryName')) || '(no name)';
  const list = new URL(identify.href);
  list.searchParams.set('verb', 'ListIdentifiers');
  list.searchParams.set('metadataPrefix', 'iso19139');
  if (source.constraint) list.searchParams.set('set', source.constraint);
  const listed = await xml(fetch, list.href);
  if (attrOf(first(listed.root, 'error'), 'code') === 'noRecordsMatch')
    return { title, records: 0 };
  const identifiers = first(listed.root, 'ListIdentifiers');
  const size = Number(attrOf(first(identifiers, 'resumptionToken'), 'completeListSize'));
  if (Number.isFinite(size)) return { title, records: size };
  return { title, records: identifiers ? children(identifiers, 'header').length : null };
}

async function probeOgcApi(source: HarvestSource, fetch: Fetch) {
  const collection = new URL(source.url);
  collection.pathname = collection.pathname.replace(/\/items\/?$/, '');
  collection.searchParams.set('f', 'json');
  const parse = (body: Buffer) => {
    try {
      return JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new Error('The answer is not JSON');
    }
  };
  const landing = parse((await fetch(collection.href)).body);
  const title = typeof landing.title === 'string' && landing.title ? landing.title : '(no title)';
  const items = parse((await fetch(itemsUrl(source.url, source.constraint, 1))).body);
  const matched = Number(items.numberMatched);
  return { title, records: Number.isFinite(matched) ? matched : null };
}

export async function probeSource(
  source: HarvestSource,
  fetch: Fetch,
): Promise<HarvesterTestResult> {
  try {
    const answer =
      source.type === 'csw'
        ? await probeCsw(source, fetch)
        : source.type === 'oai-pmh'
          ? await probeOai(source, fetch)
          : await probeOgcApi(source, fetch);
    return { ok: true, ...answer };
  } catch (error) {
    // The proxy's errors say what went wrong on the way (timeout, unreachable, status).
    if (error instanceof HttpError && error.code.startsWith('geo.')) {
      const code = refusedCodes.has(error.code) ? ErrorCode.harvesterRefusedUrl : error.code;
      return { ok: false, code, message: error.message };
    }
    // Anything else is an answer that is not what the protocol promises.
    return { ok: false, code: ErrorCode.harvesterRemoteInvalid, message: (error as Error).message };
  }
}
