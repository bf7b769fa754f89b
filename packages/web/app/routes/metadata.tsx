import { Outlet } from 'react-router';

/** Breadcrumb label key of the group. */
export const handle = { breadcrumb: 'route.metadata' };

/**
 * The metadata group: the own records (`metadata.mine`), creating one (`metadata.create`)
 * and the record pages (`metadata.record`). No guard here: published records are public.
 */
export default function MetadataRoute() {
  return <Outlet />;
}
