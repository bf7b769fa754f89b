import { ObjectId } from '@geoportal/contract/object';
import type { QueryNode } from '@geoportal/contract/search-query';
import type { RequestContext } from '../../http/request-context.js';
import { declaration, element } from '../../xml/xml-writing.js';
import { readablePage } from '../objects/object-kernel.js';
import { type Viewer, viewerOf } from '../objects/policy.js';
import { exportIso19139Trees } from '../records/record.service.js';
import { splitIdentifiers, toQueryNode } from '../search/filter-translation.js';
import { SearchQueryInvalidError, SearchTimeoutError } from '../search/search.errors.js';
import { fieldValues, matchingIds } from '../search/search.service.js';
import type { SearchRequest } from '../search/search-params.js';
import type { SearchTarget } from '../search/search-statements.js';
import { CswException } from './csw.errors.js';
import { catalogueChangedAt } from './csw.repository.js';
import { capabilities, chosenSections, responseLanguage } from './csw-capabilities.js';
import { describeRecordResponse } from './csw-describe-record.js';
import { domainFacets, domainResponse } from './csw-domain.js';
import { isoQueryables } from './csw-filter.js';
import { isoRecord } from './csw-iso-records.js';
import { dublinCore } from './csw-records.js';
import {
  type CswRequest,
  type EchoedRequest,
  type OutputSchema,
  outputSchemas,
  type RecordSelection,
} from './csw-request.js';
import { CSW_SCHEMA_LOCATION, xmlns } from './csw-xml.js';

/**
 * The operations of the catalogue service. Records are found by the search module (the same
 * index and visibility as `/index/search`) and read through the objects service (the same
 * access rule as `GET /object/{id}`), so a record the caller may not read is neither found,
 * counted nor written.
 */

type Context = Pick<RequestContext, 'db' | 'now' | 'auth' | 'config'>;

async function writeRecords(ctx: Context, ids: string[], selection: RecordSelection) {
  // The page's records are read at once, with what the caller's account may read (no access
  // key: CSW finds what the search finds); the classifications' labels once for the page.
  let written: string[];
  if (selection.outputSchema === 'iso') {
    const trees = await exportIso19139Trees(ctx, ids);
    written = trees.map(({ id, tree }) => isoRecord(tree, selection.elementSet, id));
  } else {
    const page = await readablePage(ctx, ids);
    written = page.map(({ record }) => dublinCore(record, selection.elementSet));
  }
  return written;
}

const responseNamespaces = (schema: OutputSchema) =>
  schema === 'iso' ? xmlns('csw', 'gmd', 'xsi') : xmlns('csw', 'dc', 'dct', 'ows', 'xsi');

async function getRecordById(
  ctx: Context,
  request: Extract<CswRequest, { request: 'GetRecordById' }>,
) {
  // An id that cannot exist is simply not found, as an unknown one.
  const ids = request.ids.filter((id) => ObjectId.safeParse(id).success);
  const records = await writeRecords(ctx, ids, request);
  return (
    declaration +
    element(
      'csw:GetRecordByIdResponse',
      { ...responseNamespaces(request.outputSchema), 'xsi:schemaLocation': CSW_SCHEMA_LOCATION },
      ...records,
    )
  );
}

/** Runs a search for the caller; its refusals become exceptions of the service. */
async function searchFor<T>(
  ctx: Context,
  request: SearchRequest,
  run: (target: SearchTarget, request: SearchRequest, viewer: Viewer) => Promise<T>,
): Promise<T> {
  try {
    return await run(
      { db: ctx.db, timeoutMs: ctx.config.searchTimeoutMs },
      request,
      viewerOf(ctx.auth),
    );
  } catch (error) {
    if (error instanceof SearchQueryInvalidError) {
      throw new CswException('InvalidParameterValue', error.message, 'Constraint');
    }
    if (error instanceof SearchTimeoutError) {
      throw new CswException('NoApplicableCode', error.message, undefined, 503);
    }
    throw error;
  }
}

/**
 * resultType=validate (CSW 2.0.2 §10.8.4.3): the request passed every check, the
 * constraint's translation included, and is echoed back; no search runs. A GET request is
 * echoed as the URL it was sent to.
 */
function acknowledgement(ctx: Context, echo: EchoedRequest) {
  const echoed =
    'xml' in echo
      ? echo.xml
      : element('ows:Get', { 'xlink:href': `${ctx.config.publicUrl}/csw?${echo.kvp}` });
  return (
    declaration +
    element(
      'csw:Acknowledgement',
      {
        timeStamp: ctx.now.toISOString(),
        ...xmlns('csw', 'ows', 'xlink', 'xsi'),
        'xsi:schemaLocation': CSW_SCHEMA_LOCATION,
      },
      element('csw:EchoedRequest', {}, echoed),
    )
  );
}

async function getRecords(ctx: Context, request: Extract<CswRequest, { request: 'GetRecords' }>) {
  const { ids, rest } = request.constraint
    ? splitIdentifiers(isoQueryables, request.constraint)
    : {};
  const query: QueryNode = rest ? toQueryNode(isoQueryables, rest) : { kind: 'all' };
  if (request.resultType === 'validate') return acknowledgement(ctx, request.echo);
  const searchRequest: SearchRequest = {
    query,
    filters: [],
    sorts: request.sorts.length > 0 ? request.sorts : [{ field: 'score', direction: 'desc' }],
    start: request.startPosition - 1,
    rows: request.resultType === 'hits' ? 0 : request.maxRecords,
    facets: false,
  };
  const found = await searchFor(ctx, searchRequest, (target, r, viewer) =>
    // An id that cannot exist is simply not found, as an unknown one.
    matchingIds(
      target,
      r,
      viewer,
      ids?.filter((id) => ObjectId.safeParse(id).success),
    ),
  );
  const records = await writeRecords(ctx, found.ids, request);
  const returned = records.length;
  const after = request.startPosition - 1 + found.ids.length;
  const nextRecord = request.resultType === 'hits' || !found.more ? 0 : after + 1;
  return (
    declaration +
    element(
      'csw:GetRecordsResponse',
      {
        version: '2.0.2',
        ...responseNamespaces(request.outputSchema),
        'xsi:schemaLocation': CSW_SCHEMA_LOCATION,
      },
      element('csw:SearchStatus', { timestamp: ctx.now.toISOString() }),
      element(
        'csw:SearchResults',
        {
          numberOfRecordsMatched: found.numFound,
          numberOfRecordsReturned: returned,
          nextRecord,
          recordSchema: outputSchemas[request.outputSchema],
          elementSet: typeof request.elementSet === 'string' ? request.elementSet : undefined,
        },
        ...records,
      ),
    )
  );
}

/** Parameter domains are fixed; property domains are the search's facets for the caller. */
async function getDomain(ctx: Context, request: Extract<CswRequest, { request: 'GetDomain' }>) {
  const facets = domainFacets(request.query);
  if (facets.length === 0) return domainResponse(request.query, undefined);
  const found = await searchFor(
    ctx,
    {
      query: { kind: 'all' },
      filters: [],
      sorts: [{ field: 'score', direction: 'desc' }],
      start: 0,
      rows: 0,
      facets: true,
    },
    (target, r, viewer) => fieldValues(target, r, viewer, facets),
  );
  return domainResponse(request.query, found);
}

async function getCapabilities(
  ctx: Context,
  request: Extract<CswRequest, { request: 'GetCapabilities' }>,
) {
  if (request.acceptVersions && !request.acceptVersions.some((v) => v.trim() === '2.0.2')) {
    throw new CswException(
      'VersionNegotiationFailed',
      `None of the versions ${request.acceptVersions.join(', ').slice(0, 80)} is offered; this service speaks CSW 2.0.2.`,
      'acceptVersions',
    );
  }
  return capabilities(ctx.config, {
    sections: chosenSections(request.sections),
    language: responseLanguage(request.language, ctx.config.catalogue),
    updateSequence: request.updateSequence,
    changedAt: await catalogueChangedAt(ctx.db),
    now: ctx.now,
  });
}

/** Answers a checked request with its XML document. */
export async function answer(ctx: Context, request: CswRequest): Promise<string> {
  switch (request.request) {
    case 'GetCapabilities':
      return getCapabilities(ctx, request);
    case 'DescribeRecord':
      return describeRecordResponse(request.typeNames);
    case 'GetDomain':
      return getDomain(ctx, request);
    case 'GetRecordById':
      return getRecordById(ctx, request);
    case 'GetRecords':
      return getRecords(ctx, request);
  }
}
