import { ObjectId } from '@geoportal/contract/object';
import type { Metadata } from '@geoportal/contract/record';
import { HttpError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { readClassifications } from '../classifications/classification.service.js';
import { element, textElement } from '../csw/csw-xml.js';
import { fileUrlKey } from '../files/signed-url.js';
import { loadPublicObjects } from '../objects/object-kernel.js';
import { exportIso19139 } from '../records/record.service.js';
import { echoesArguments, OaiError } from './oai.errors.js';
import * as repo from './oai.repository.js';
import { OAI_DC, oaiDc } from './oai-dc.js';
import { type ListSelection, type OaiRequest, readRequest } from './oai-request.js';
import {
  setFacetPrefixes,
  setFilter,
  setLabels,
  setRoots,
  setSpecOf,
  setSpecsOf,
} from './oai-sets.js';
import { type HarvestState, signToken, verifyToken } from './oai-token.js';
import { errorElement, header, oaiDocument, resumptionToken, utcSeconds } from './oai-xml.js';

/**
 * The OAI-PMH 2.0 repository. It serves what visitors may read — whoever asks, since a
 * harvest copies the catalogue for the public — and the records that stopped being public as
 * deleted headers (`deletedRecord=persistent`, modules/oai/oai-visibility.ts). Identifiers
 * are `oai:<OAI_REPOSITORY_IDENTIFIER>:<record id>`.
 */

type Context = Pick<RequestContext, 'db' | 'now' | 'config'>;

/** The metadata formats every record is disseminated in. */
const formats = {
  oai_dc: OAI_DC,
  iso19139: {
    prefix: 'iso19139',
    namespace: 'http://www.isotc211.org/2005/gmd',
    schema: 'http://schemas.opengis.net/iso/19139/20070417/gmd/gmd.xsd',
  },
} as const;
type Prefix = keyof typeof formats;

function checkPrefix(prefix: string): Prefix {
  if (!Object.hasOwn(formats, prefix)) {
    throw new OaiError(
      'cannotDisseminateFormat',
      `Records are not offered as ${JSON.stringify(prefix.slice(0, 40))}. Use ${Object.keys(formats).join(' or ')}.`,
    );
  }
  return prefix as Prefix;
}

const identifierOf = (ctx: Context, id: string) =>
  `oai:${ctx.config.oai.repositoryIdentifier}:${id}`;

/** The record id of an identifier of this repository; anything else does not exist here. */
function recordIdOf(ctx: Context, identifier: string): string {
  const prefix = `oai:${ctx.config.oai.repositoryIdentifier}:`;
  const id = identifier.startsWith(prefix) ? identifier.slice(prefix.length) : '';
  if (!ObjectId.safeParse(id).success) {
    throw new OaiError(
      'idDoesNotExist',
      `This repository has no item ${JSON.stringify(identifier.slice(0, 120))}; its identifiers have the form ${prefix}<record id>.`,
    );
  }
  return id;
}

async function findItem(ctx: Context, identifier: string): Promise<repo.OaiEntry> {
  const entry = await repo.findEntry(ctx.db, recordIdOf(ctx, identifier));
  if (!entry) {
    throw new OaiError(
      'idDoesNotExist',
      `This repository has no item ${JSON.stringify(identifier.slice(0, 120))}.`,
    );
  }
  return entry;
}

const headerOf = (ctx: Context, entry: repo.OaiEntry) =>
  header({
    identifier: identifierOf(ctx, entry.id),
    datestamp: entry.datestamp,
    setSpecs: setSpecsOf(entry.sets),
    deleted: entry.deleted,
  });

/**
 * The metadata of public records in the format, by id. A record that is no longer public
 * (changed since it was listed) is left out: it has moved beyond the harvest's bound.
 */
async function metadataOf(
  ctx: Context,
  ids: string[],
  prefix: Prefix,
): Promise<Map<string, string>> {
  const written = new Map<string, string>();
  if (ids.length === 0) return written;
  if (prefix === 'oai_dc') {
    // One read for the page; the policy's `isPublic` decides again on what was read.
    for (const row of await loadPublicObjects(ctx.db, ids)) {
      const url = `${ctx.config.publicUrl}/metadata/${encodeURIComponent(row.id)}`;
      written.set(
        row.id,
        oaiDc({ id: row.id, type: row.type, metadata: row.metadata as Metadata }, url),
      );
    }
    return written;
  }
  // ISO 19139 through the records module's export, as a visitor reads it.
  const visitor = { db: ctx.db, now: ctx.now, auth: null };
  for (const id of ids) {
    try {
      const xml = await exportIso19139(visitor, id);
      written.set(id, xml.replace(/^<\?xml[^>]*\?>\s*/, ''));
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    }
  }
  return written;
}

const recordElement = (ctx: Context, entry: repo.OaiEntry, metadata: string | undefined) =>
  element(
    'record',
    {},
    headerOf(ctx, entry),
    ...(entry.deleted || metadata === undefined ? [] : [element('metadata', {}, metadata)]),
  );

async function identify(ctx: Context): Promise<string> {
  const earliest = await repo.earliestDatestamp(ctx.db);
  const oai = ctx.config.oai;
  return element(
    'Identify',
    {},
    textElement('repositoryName', oai.repositoryName),
    textElement('baseURL', `${ctx.config.publicUrl}/oai`),
    textElement('protocolVersion', '2.0'),
    textElement('adminEmail', oai.adminEmail),
    // An empty repository: every later datestamp lies after now.
    textElement('earliestDatestamp', utcSeconds(earliest ?? ctx.now)),
    textElement('deletedRecord', 'persistent'),
    textElement('granularity', 'YYYY-MM-DDThh:mm:ssZ'),
  );
}

async function listMetadataFormats(ctx: Context, identifier: string | undefined) {
  if (identifier !== undefined) {
    const entry = await findItem(ctx, identifier);
    if (entry.deleted) {
      throw new OaiError(
        'noMetadataFormats',
        'The item is deleted: it is no longer disseminated in any format.',
      );
    }
  }
  return element(
    'ListMetadataFormats',
    {},
    ...Object.values(formats).map((f) =>
      element(
        'metadataFormat',
        {},
        textElement('metadataPrefix', f.prefix),
        textElement('schema', f.schema),
        textElement('metadataNamespace', f.namespace),
      ),
    ),
  );
}

async function listSets(ctx: Context, token: string | undefined) {
  if (token !== undefined) {
    throw new OaiError(
      'badResumptionToken',
      'The list of sets is answered whole; it has no resumptionToken.',
    );
  }
  const facets = await repo.setFacets(ctx.db, setFacetPrefixes);
  const labels = setLabels(
    await readClassifications(
      ctx.db,
      setRoots.map((root) => root.classification),
    ),
  );
  const sets = setRoots.flatMap((root) => {
    const members = facets.filter((f) => f.startsWith(`${root.field}=`) && setSpecOf(f));
    if (members.length === 0) return [];
    return [
      { spec: root.spec, name: root.name },
      ...members.map((facet) => {
        const code = facet.slice(root.field.length + 1);
        const label = labels.get(root.classification)?.get(code);
        const names = [...new Set([label?.de, label?.en].filter(Boolean))];
        return { spec: setSpecOf(facet) as string, name: names.join(' / ') || code };
      }),
    ];
  });
  if (sets.length === 0) {
    throw new OaiError(
      'noSetHierarchy',
      'The repository has no sets: it holds no public records yet.',
    );
  }
  return element(
    'ListSets',
    {},
    ...sets.map((s) =>
      element('set', {}, textElement('setSpec', s.spec), textElement('setName', s.name)),
    ),
  );
}

async function getRecord(ctx: Context, identifier: string, prefixArg: string) {
  const prefix = checkPrefix(prefixArg);
  const entry = await findItem(ctx, identifier);
  const metadata = entry.deleted
    ? undefined
    : (await metadataOf(ctx, [entry.id], prefix)).get(entry.id);
  if (!entry.deleted && metadata === undefined) {
    throw new OaiError('idDoesNotExist', 'The item changed while it was read. Ask again.');
  }
  return element('GetRecord', {}, recordElement(ctx, entry, metadata));
}

const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;

/** The state of a list's first page: its bounds fixed now, its size counted now. */
async function firstState(
  ctx: Context,
  verb: HarvestState['verb'],
  selection: ListSelection,
): Promise<HarvestState> {
  checkPrefix(selection.metadataPrefix);
  const { from, until } = selection;
  const untilEnd = until
    ? until.date.getTime() + (until.granularity === 'day' ? DAY : SECOND)
    : Number.POSITIVE_INFINITY;
  // Nothing changed from the first request on belongs to this harvest: such records lie
  // beyond its bound and come with the next incremental harvest (from this responseDate).
  const before = new Date(Math.min(untilEnd, ctx.now.getTime()));
  const state = {
    verb,
    prefix: selection.metadataPrefix,
    ...(selection.set !== undefined ? { set: selection.set } : {}),
    ...(from ? { from: from.date.toISOString() } : {}),
    before: before.toISOString(),
    after: { datestamp: '', id: '' },
    cursor: 0,
    size: 1,
  };
  const size = await repo.countEntries(ctx.db, filterOf(state));
  if (size === 0) {
    throw new OaiError('noRecordsMatch', 'No records match the arguments.');
  }
  return { ...state, size };
}

function filterOf(state: HarvestState): repo.EntryFilter {
  return {
    ...(state.from ? { from: new Date(state.from) } : {}),
    before: new Date(state.before),
    ...(state.set !== undefined ? { set: setFilter(state.set) } : {}),
    ...(state.after.id ? { after: state.after } : {}),
  };
}

/** ListIdentifiers and ListRecords: one page of the harvest and the token of the next. */
async function list(
  ctx: Context,
  verb: HarvestState['verb'],
  request: { selection: ListSelection } | { resumptionToken: string },
): Promise<string> {
  const key = await fileUrlKey(ctx.db, ctx.now);
  let state: HarvestState;
  if ('resumptionToken' in request) {
    state = verifyToken(key, request.resumptionToken);
    if (state.verb !== verb) {
      throw new OaiError(
        'badResumptionToken',
        `The resumptionToken continues ${state.verb}, not ${verb}.`,
      );
    }
  } else {
    state = await firstState(ctx, verb, request.selection);
  }
  const prefix = checkPrefix(state.prefix);
  const pageSize = ctx.config.oai.pageSize;
  // Records that stopped being public between the listing and the read are skipped; a page
  // that lost all its records reads on, so an answer never comes out empty while more exist.
  let after = state.after;
  let items: string[] = [];
  let consumed = 0;
  let more = false;
  do {
    const page = await repo.listEntries(
      ctx.db,
      { ...filterOf(state), ...(after.id ? { after } : {}) },
      pageSize + 1,
    );
    more = page.length > pageSize;
    const entries = page.slice(0, pageSize);
    if (entries.length === 0) break;
    consumed += entries.length;
    after = {
      datestamp: (entries.at(-1) as repo.OaiEntry).datestamp,
      id: (entries.at(-1) as repo.OaiEntry).id,
    };
    if (verb === 'ListIdentifiers') {
      items = entries.map((entry) => headerOf(ctx, entry));
    } else {
      const metadata = await metadataOf(
        ctx,
        entries.filter((e) => !e.deleted).map((e) => e.id),
        prefix,
      );
      items = entries
        .filter((e) => e.deleted || metadata.has(e.id))
        .map((e) => recordElement(ctx, e, metadata.get(e.id)));
    }
  } while (items.length === 0 && more);
  if (items.length === 0) {
    // Only a resumed harvest gets here: the rest of its list changed meanwhile.
    throw new OaiError(
      'noRecordsMatch',
      'The remaining records of this list changed during the harvest; the next incremental harvest has them.',
    );
  }
  const counts = { completeListSize: state.size, cursor: state.cursor };
  const token = more
    ? resumptionToken(signToken(key, { ...state, after, cursor: state.cursor + consumed }), counts)
    : 'resumptionToken' in request
      ? resumptionToken('', counts)
      : '';
  return element(verb, {}, ...items, token);
}

async function dispatch(ctx: Context, request: OaiRequest): Promise<string> {
  switch (request.verb) {
    case 'Identify':
      return identify(ctx);
    case 'ListMetadataFormats':
      return listMetadataFormats(ctx, request.identifier);
    case 'ListSets':
      return listSets(ctx, request.resumptionToken);
    case 'GetRecord':
      return getRecord(ctx, request.identifier, request.metadataPrefix);
    case 'ListIdentifiers':
    case 'ListRecords':
      return list(ctx, request.verb, request.list);
  }
}

/**
 * Answers the request's arguments (a GET query or a POST form) with the OAI-PMH document;
 * every error of the protocol is an `error` element in that document.
 */
export async function answer(ctx: Context, params: URLSearchParams): Promise<string> {
  const baseUrl = `${ctx.config.publicUrl}/oai`;
  let echo: Record<string, string> | undefined;
  try {
    const { request, args } = readRequest(params);
    echo = { verb: request.verb, ...args };
    return oaiDocument(ctx.now, baseUrl, echo, await dispatch(ctx, request));
  } catch (error) {
    if (!(error instanceof OaiError)) throw error;
    return oaiDocument(
      ctx.now,
      baseUrl,
      echoesArguments(error) ? echo : undefined,
      errorElement(error),
    );
  }
}
