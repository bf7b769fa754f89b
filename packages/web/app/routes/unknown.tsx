import { redirect } from 'react-router';
import { pathTo } from '../route-paths';

/** An unknown path goes to the home page (SPEC §2), on the server and in the browser. */
export function loader() {
  return redirect(pathTo('home'));
}

export default function UnknownRoute() {
  return null;
}
