import { Outlet } from 'react-router';

/** The management group: its pages are the children (users, groups, processes, command, profile). */
export default function ManagementRoute() {
  return <Outlet />;
}
