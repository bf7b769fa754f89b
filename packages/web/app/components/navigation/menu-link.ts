import { pathTo } from '../../route-paths';
import type { MenuItem } from './menu-items';

/** Where a menu entry leads: its named route with params, or its external address. */
export function menuHref(item: MenuItem): string {
  if (item.ref) return pathTo(item.ref, item.params);
  return item.href ?? '#';
}

/** Whether an entry is the current page (or, unless `activeEqual`, a page below it). */
export function isActive(item: MenuItem, pathname: string): boolean {
  if (!item.ref) return false;
  const href = menuHref(item);
  if (item.activeEqual || href === '/') return pathname === href;
  return pathname === href || pathname.startsWith(`${href}/`);
}
