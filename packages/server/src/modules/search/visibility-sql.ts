import { WILDCARD_ROLE } from '@geoportal/contract/access';
import { type RawBuilder, sql } from 'kysely';
import { readsEverything, type Viewer } from '../objects/policy.js';

/**
 * The visibility rule in SQL, in one place (DESIGN §5): the reader tokens a search document
 * carries (`search-document.ts`, from `policy.isPublic` and the grants) are matched against
 * the viewer's tokens. Every list of records — search, OAI-PMH, sitemap, CSW, OGC API
 * Records, DCAT — filters with these conditions and writes no token of its own.
 */

/** The token of the records visitors may read (`policy.isPublic`). */
export const PUBLIC_READER = 'public';

/** The reader tokens of a viewer; `undefined` for editors and administrators (no filter). */
export function viewerTokens(viewer: Viewer): string[] | undefined {
  if (readsEverything(viewer.roles)) return undefined;
  const tokens = [PUBLIC_READER];
  if (viewer.accountId) {
    tokens.push(`owner:${viewer.accountId}`);
    // A user grant names the account (objects/policy.ts `GrantFact`).
    tokens.push(`user:${viewer.accountId}`);
  }
  for (const group of viewer.groups) tokens.push(`group:${group.toLowerCase()}`);
  for (const role of viewer.roles) tokens.push(`role:${role}`);
  // The wildcard role names any signed-in user (DESIGN §5).
  if (viewer.accountId) tokens.push(`role:${WILDCARD_ROLE}`);
  return tokens;
}

/**
 * Only what the viewer may read, on the search documents under `alias`; `undefined` tokens
 * (editors, administrators) see all. Every viewer's tokens include `public`, which most
 * documents carry, so the test is made on the rows other conditions found (`is true` keeps
 * the planner from reading the index of most of the catalogue for it).
 */
export function visibleTo(
  tokens: readonly string[] | undefined,
  alias = 'd',
): RawBuilder<boolean> | undefined {
  return tokens
    ? sql<boolean>`((${sql.ref(`${alias}.readers`)} && ${sql.val([...tokens])}::text[]) is true)`
    : undefined;
}

/** Only public records (visitors), on the search documents under `alias`; GIN-indexed. */
export function publicOnly(alias: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${alias}.readers`)} @> array[${sql.lit(PUBLIC_READER)}]::text[]`;
}
