import { Outlet } from 'react-router';

/** Breadcrumb label key of the group. */
export const handle = { breadcrumb: 'route.management' };

/** The management group: its pages are the children (users, groups, processes, command, profile). */
export default function ManagementRoute() {
  return <Outlet />;
}
