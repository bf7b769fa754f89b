import type { Classification } from '@geoportal/contract/classification';
import { classificationIdPattern } from '@geoportal/contract/classification-tree';
import type { RecordView } from '../../../lib/api/get-record';

/**
 * The classifications a record page uses, by id. Missing entries (a failed load, an unknown
 * classification) make the page show codes instead of labels, never fail it.
 */
export type RecordClassifications = Partial<Record<string, Classification>>;

/** Ids of the classifications whose labels the record's page shows, without repeats. */
export function classificationsNeeded(record: RecordView): string[] {
  const { metadata } = record;
  const ids = new Set<string>(['resourceType']);
  if (metadata.topicCategories?.length) ids.add('topicCategory');
  for (const keyword of metadata.classifiedKeywords ?? []) ids.add(keyword.classification);
  if (metadata.licence) ids.add('license');
  if (metadata.contacts?.length) ids.add('contactRole');
  if (metadata.onlineResources?.length) ids.add('protocol');
  // A keyword's classification is only a code; one that cannot be an id is not asked for.
  return [...ids].filter((id) => classificationIdPattern.test(id));
}

/**
 * Loads the classifications `ids` in parallel with `load`. A classification that fails to
 * load is left out (the page then shows its codes), so a broken or missing classification
 * never keeps a record from being shown.
 */
export async function loadRecordClassifications(
  ids: readonly string[],
  load: (id: string) => Promise<Classification>,
): Promise<RecordClassifications> {
  const results = await Promise.allSettled(ids.map((id) => load(id)));
  const loaded: RecordClassifications = {};
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') loaded[ids[index] as string] = result.value;
  });
  return loaded;
}
