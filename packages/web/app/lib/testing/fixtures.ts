import type { Principal } from '@geoportal/contract/access';
import type { ObjectDetailed } from '@geoportal/contract/object';

// People and records the component tests of several features share, so that a change of
// the contract is made to the fixtures once.

/** A user who writes records of their own. */
export const submitter: Principal = { name: 'submitter', readonly: false, roles: ['submitter'] };

/** A user who reviews and publishes. */
export const editor: Principal = { name: 'editor', readonly: false, roles: ['editor'] };

/**
 * A draft of `submitter` in the detailed view, as its owner sees it (every permission, the
 * submit transition); `fields` gives its title, version, metadata and history.
 */
export function ownDraft(
  fields: Pick<ObjectDetailed, 'title' | 'version' | 'metadata' | 'history'>,
): ObjectDetailed {
  return {
    id: 'record-0000000001',
    type: 'dataset',
    state: 'draft',
    owner: 'submitter',
    created: '2026-11-20T09:00:00.000Z',
    modified: '2026-11-21T09:30:00.000Z',
    bundles: [],
    permissions: {
      read: true,
      write: true,
      delete: true,
      accessControl: true,
      transitions: ['submitted'],
    },
    ...fields,
  };
}
