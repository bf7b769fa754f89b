import type { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Viewer } from '../objects/object.repository.js';
import { compileSearch, parseSearch } from './search.service.js';

/**
 * The SQL statements the server runs for a list search given as its API path (relative to
 * /api/v1), e.g. `/index/search/objects/grundwasser/0/20?fq=bbox:6,47,15,55`. The benchmark
 * explains exactly these, so the database's own time stands beside the API's.
 */
export function searchStatements(db: Db, pathAndQuery: string, viewer: Viewer): CompiledQuery[] {
  const url = new URL(pathAndQuery, 'http://localhost');
  const match = /^\/index\/search\/objects\/([^/]+)(?:\/(\d+))?(?:\/(\d+))?$/.exec(url.pathname);
  if (!match) throw new Error(`not a list search path: ${url.pathname}`);
  const request = parseSearch({
    q: decodeURIComponent(match[1] as string),
    start: match[2],
    rows: match[3],
    fq: url.searchParams.getAll('fq'),
    sort: url.searchParams.getAll('sort'),
    facets: url.searchParams.get('facets') ?? undefined,
  });
  return compileSearch(db, request, viewer);
}
