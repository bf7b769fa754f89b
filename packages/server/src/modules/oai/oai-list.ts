import { element } from '../../xml/xml-writing.js';
import { fileUrlKey } from '../files/signed-url.js';
import { OaiError } from './oai.errors.js';
import * as repo from './oai.repository.js';
import { type Context, checkPrefix, headerOf, metadataOf, recordElement } from './oai-items.js';
import type { ListSelection } from './oai-request.js';
import { setFilter } from './oai-sets.js';
import { type HarvestState, signToken, verifyToken } from './oai-token.js';
import { resumptionToken } from './oai-xml.js';

/**
 * ListIdentifiers and ListRecords (OAI-PMH 2.0 §4.3, §4.5): selective harvesting by
 * datestamp and set, paged by keyset with signed resumption tokens (oai-token.ts).
 */

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
export async function list(
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
