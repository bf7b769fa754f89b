import { element, textElement } from '../../xml/xml-writing.js';
import { readClassifications } from '../classifications/classification.service.js';
import { echoesArguments, OaiError } from './oai.errors.js';
import * as repo from './oai.repository.js';
import {
  type Context,
  checkPrefix,
  findItem,
  formats,
  metadataOf,
  recordElement,
} from './oai-items.js';
import { list } from './oai-list.js';
import { type OaiRequest, readRequest } from './oai-request.js';
import { setFacetPrefixes, setLabels, setRoots, setSpecOf } from './oai-sets.js';
import { errorElement, oaiDocument, utcSeconds } from './oai-xml.js';

/**
 * The OAI-PMH 2.0 repository. It serves what visitors may read — whoever asks, since a
 * harvest copies the catalogue for the public — and the records that stopped being public as
 * deleted headers (`deletedRecord=persistent`, modules/oai/oai-visibility.ts). Identifiers
 * are `oai:<OAI_REPOSITORY_IDENTIFIER>:<record id>`.
 */

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
