import { harvestOriginOf, refuseHarvestedEdit } from './modules/harvest/harvest-origin.js';
import { linkStatusOf } from './modules/links/link-status.service.js';
import { traceVisibilityChanges } from './modules/oai/oai-visibility.js';
import { registerObjectExtension } from './modules/objects/object-extensions.js';
import { registerObjectWriteHooks } from './modules/objects/object-writes.js';
import { refreshSearchDocuments } from './modules/search/search-index.js';

/**
 * The composition root of the objects module's consumers (DESIGN §5 "One write path"): the
 * objects module imports none of them; each subscribes here to what it needs. Called by
 * `buildApp` once per process (registering again replaces, so a second app changes nothing).
 */
export function composeObjectHooks(): void {
  // Search: every created or changed object gets its current document in the same transaction.
  registerObjectWriteHooks('search', { onObjectsChanged: refreshSearchDocuments });
  // OAI-PMH: a record that becomes or stops being public leaves its trace (deleted headers).
  registerObjectWriteHooks('oai', { onVisibilityChange: traceVisibilityChanges });
  // CSW's updateSequence follows the audit entries the kernel writes (csw.repository.ts).

  // Harvested records are read-only here and say where they come from.
  registerObjectExtension('harvest', {
    refuseContentChange: refuseHarvestedEdit,
    async describe(db, id) {
      const harvest = await harvestOriginOf(db, id);
      return harvest ? { harvest } : {};
    },
  });
  // The link check's findings help those who can fix the links; visitors see none.
  registerObjectExtension('links', {
    async describe(db, id, view) {
      return view.detailed && view.mayWrite ? { linkStatus: await linkStatusOf(db, id) } : {};
    },
  });
}
