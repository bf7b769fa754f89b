import { BundleName } from '@geoportal/contract/files';
import { ObjectId } from '@geoportal/contract/object';
import { z } from 'zod';

/**
 * Words that follow `/object/{id}/` in other endpoints; a bundle of that name would be
 * shadowed by them (or shadow them), so they are refused as bundle names.
 */
const reservedBundleNames = [
  'try',
  'accessControl',
  'accessKeys',
  'accessKey',
  'state',
  'preview',
  'upload',
] as const;

/** A bundle name as the files endpoints take it: `BundleName`, minus the reserved words. */
export const RouteBundleName = BundleName.refine(
  (name) => !(reservedBundleNames as readonly string[]).includes(name),
  `is reserved (${reservedBundleNames.join(', ')} cannot be bundle names)`,
);

/** `/object/{id}/{bundle}`: the path parameters of every bundle endpoint. */
export const bundleParams = z.object({ id: ObjectId, bundle: RouteBundleName });

/** `/object/{id}/{bundle}/{path}`: a bundle plus the file path the router matched as `*`. */
export const fileParams = bundleParams.extend({
  '*': z.string().describe('The file path inside the bundle, URL-encoded; may contain /'),
});
