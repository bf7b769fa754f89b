import type { RouteName } from '../../route-paths';

/**
 * An entry of the main menu (SPEC §3 "Navigation menu item"): a named route with params,
 * or an external `href`; the label is a translation key; `roles` hide the entry from users
 * who hold none of them; a group shows only if one of its children is allowed.
 */
export interface MenuItem {
  id: string;
  /** Translation key of the label. */
  label: string;
  ref?: RouteName;
  params?: Record<string, string>;
  href?: string;
  target?: '_blank';
  roles?: readonly string[];
  /** Active only on exactly its own path (e.g. the home page), not below it. */
  activeEqual?: boolean;
  /** A line above this entry inside its group. */
  divider?: boolean;
  children?: readonly MenuItem[];
}

const publishers = ['administrator', 'editor', 'submitter'] as const;
const reviewers = ['administrator', 'editor'] as const;
const administrators = ['administrator'] as const;

/**
 * The main menu of SPEC §2 with the roles of SPEC §6. The group SPEC calls the Publish menu
 * is labelled "Erfassen"/"Contribute" (issue 18.7), so that it differs from the workflow's
 * "Veröffentlichen"/"Publish" button; it also holds the editors' review queue.
 */
export const mainMenu: readonly MenuItem[] = [
  { id: 'map', label: 'menu.map', ref: 'home', activeEqual: true },
  { id: 'search', label: 'menu.search', ref: 'search' },
  {
    id: 'publish',
    label: 'menu.publish',
    children: [
      {
        id: 'metadata-create',
        label: 'menu.metadata.create',
        ref: 'metadata.create',
        roles: publishers,
      },
      {
        id: 'metadata-mine',
        label: 'menu.metadata.mine',
        ref: 'metadata.mine',
        roles: publishers,
      },
      {
        id: 'metadata-review',
        label: 'menu.metadata.review',
        ref: 'metadata.review',
        roles: reviewers,
      },
    ],
  },
  {
    id: 'management',
    label: 'menu.management',
    children: [
      {
        id: 'management-users',
        label: 'menu.management.users',
        ref: 'management.users',
        roles: administrators,
      },
      {
        id: 'management-groups',
        label: 'menu.management.groups',
        ref: 'management.groups',
        roles: administrators,
      },
      {
        id: 'management-processes',
        label: 'menu.management.processes',
        ref: 'management.processes',
        roles: administrators,
        divider: true,
      },
      {
        id: 'management-harvesters',
        label: 'menu.management.harvesters',
        ref: 'management.harvesters',
        roles: administrators,
      },
      {
        id: 'management-command',
        label: 'menu.management.command',
        ref: 'management.command',
        roles: administrators,
      },
    ],
  },
  { id: 'legal', label: 'menu.legal', ref: 'content.static', params: { fileName: 'legal' } },
];

/** Every distinct role list the menu asks about, so that each is checked once. */
export function roleListsOf(items: readonly MenuItem[]): (readonly string[])[] {
  const lists = new Map<string, readonly string[]>();
  const walk = (list: readonly MenuItem[]) => {
    for (const item of list) {
      if (item.roles) lists.set(item.roles.join(','), item.roles);
      if (item.children) walk(item.children);
    }
  };
  walk(items);
  return [...lists.values()];
}

/**
 * The entries a user may see: entries without roles always, entries with roles when
 * `allowed` says so, groups only with at least one visible child (SPEC §2, §6).
 */
export function visibleItems(
  items: readonly MenuItem[],
  allowed: (roles: readonly string[]) => boolean,
): MenuItem[] {
  const result: MenuItem[] = [];
  for (const item of items) {
    if (item.roles && !allowed(item.roles)) continue;
    if (item.children) {
      const children = visibleItems(item.children, allowed);
      if (children.length > 0) result.push({ ...item, children });
      continue;
    }
    result.push(item);
  }
  return result;
}
