import { Outlet } from 'react-router';

/** The content group: static pages such as the legal notice (`content.static`). */
export default function ContentRoute() {
  return <Outlet />;
}
