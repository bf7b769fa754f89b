import { describe, expect, it, vi } from 'vitest';
import { findFirstAllowedChild, firstAllowedChild, isChildOf } from './first-allowed-child';

const pages = [
  { name: 'management.users', roles: ['administrator'] },
  { name: 'management.groups', roles: ['administrator'] },
  { name: 'management.profile.edit', roles: [] },
  { name: 'metadata.create', roles: ['administrator', 'editor', 'submitter'] },
  { name: 'management.processes', roles: ['administrator', 'operator'] },
  { name: 'management.about' },
];

const holding =
  (...held: string[]) =>
  (roles: readonly string[]) =>
    roles.some((role) => held.includes(role));

describe('firstAllowedChild (a group without a page of its own)', () => {
  it('opens the first child in order that the user may see', () => {
    expect(firstAllowedChild('management', pages, holding('administrator'))?.name).toBe(
      'management.users',
    );
    expect(firstAllowedChild('management', pages, holding('operator'))?.name).toBe(
      'management.processes',
    );
  });

  it('takes a child without roles for everyone, and only direct children of the group', () => {
    expect(firstAllowedChild('management', pages, holding())?.name).toBe('management.about');
    expect(firstAllowedChild('metadata', pages, holding('editor'))?.name).toBe('metadata.create');
  });

  it('answers undefined when the user may see none', () => {
    expect(firstAllowedChild('metadata', pages, holding('guest'))).toBeUndefined();
    expect(firstAllowedChild('search', pages, holding('administrator'))).toBeUndefined();
  });

  it('knows direct children', () => {
    expect(isChildOf('management', 'management.users')).toBe(true);
    expect(isChildOf('management', 'management')).toBe(false);
    expect(isChildOf('management', 'managementx.users')).toBe(false);
    expect(isChildOf('management', 'management.profile.edit')).toBe(false);
  });
});

describe('findFirstAllowedChild (with the server role check)', () => {
  it('asks child by child and stops at the first allowed one', async () => {
    const isAllowed = vi.fn(async (roles: readonly string[]) => roles.includes('operator'));
    const found = await findFirstAllowedChild('management', pages, isAllowed);
    expect(found?.name).toBe('management.processes');
    expect(isAllowed.mock.calls.map(([roles]) => roles)).toEqual([
      ['administrator'],
      ['administrator'],
      ['administrator', 'operator'],
    ]);
  });

  it('answers undefined when nothing is allowed', async () => {
    const only = pages.filter((page) => page.roles?.length);
    expect(await findFirstAllowedChild('management', only, async () => false)).toBeUndefined();
  });
});
