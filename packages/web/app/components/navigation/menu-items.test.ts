import { describe, expect, it } from 'vitest';
import { mainMenu, roleListsOf, visibleItems } from './menu-items';

const ids = (items: ReturnType<typeof visibleItems>) =>
  items.map((i) => (i.children ? `${i.id}[${i.children.map((c) => c.id).join(',')}]` : i.id));

describe('main menu (SPEC §2, §6)', () => {
  it('shows a visitor map, search and the legal link only', () => {
    expect(ids(visibleItems(mainMenu, () => false))).toEqual(['map', 'search', 'legal']);
  });

  it('shows publishers the Publish menu but not Management', () => {
    const submitter = (roles: readonly string[]) => roles.includes('submitter');
    expect(ids(visibleItems(mainMenu, submitter))).toEqual([
      'map',
      'search',
      'publish[metadata-create,metadata-mine]',
      'legal',
    ]);
  });

  it('shows editors the review queue in the Publish menu', () => {
    const editor = (roles: readonly string[]) => roles.includes('editor');
    expect(ids(visibleItems(mainMenu, editor))).toEqual([
      'map',
      'search',
      'publish[metadata-create,metadata-mine,metadata-review]',
      'legal',
    ]);
  });

  it('shows administrators every entry, Management with users, groups, processes, harvesters, command', () => {
    expect(ids(visibleItems(mainMenu, () => true))).toEqual([
      'map',
      'search',
      'publish[metadata-create,metadata-mine,metadata-review]',
      'management[management-users,management-groups,management-processes,management-harvesters,management-command]',
      'legal',
    ]);
  });

  it('asks about each distinct role list once', () => {
    expect(roleListsOf(mainMenu)).toEqual([
      ['administrator', 'editor', 'submitter'],
      ['administrator', 'editor'],
      ['administrator'],
    ]);
  });
});
