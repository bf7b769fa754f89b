/** A page of a group as menus and guards see it: its route name and the roles it needs. */
export interface GuardedPage {
  /** Route name, e.g. `management.users`. */
  name: string;
  /** Roles of which the user needs at least one; none or empty: everyone. */
  roles?: readonly string[];
}

/** Whether `name` is a direct child of `group` (`management.users` of `management`). */
export function isChildOf(group: string, name: string): boolean {
  return name.startsWith(`${group}.`) && !name.slice(group.length + 1).includes('.');
}

/**
 * The page a group path without a page of its own opens: the first direct child of `group`,
 * in the order given, that the user may see (SPEC §2, §6). `isAllowed` answers whether the
 * user holds any of the roles, from role checks already made. Undefined when none is
 * allowed; the caller then reports `RouterError('abstractState')` or sends to login.
 */
export function firstAllowedChild<T extends GuardedPage>(
  group: string,
  children: readonly T[],
  isAllowed: (roles: readonly string[]) => boolean,
): T | undefined {
  return children.find(
    (child) => isChildOf(group, child.name) && (!child.roles?.length || isAllowed(child.roles)),
  );
}

/**
 * `firstAllowedChild` with the server's role check (`RoleChecker.isAllowed`), for loaders:
 * asks child by child and stops at the first allowed one. The checker caches per role, so
 * children with the same roles cost one request.
 */
export async function findFirstAllowedChild<T extends GuardedPage>(
  group: string,
  children: readonly T[],
  isAllowed: (roles: readonly string[]) => boolean | Promise<boolean>,
): Promise<T | undefined> {
  for (const child of children) {
    if (!isChildOf(group, child.name)) continue;
    if (!child.roles?.length || (await isAllowed(child.roles))) return child;
  }
  return undefined;
}
