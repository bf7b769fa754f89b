import type { UIMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { crumbsOf, cutLabel } from './breadcrumbs';

const match = (id: string, pathname: string, breadcrumb?: unknown, loaderData?: unknown) =>
  ({
    id,
    pathname,
    params: {},
    loaderData,
    data: loaderData,
    handle: breadcrumb ? { breadcrumb } : undefined,
  }) as UIMatch;
const t = (id: string) =>
  ({
    'route.home': 'Karte',
    'route.management': 'Verwaltung',
    'route.management.profile': 'Profil',
  })[id] ?? id;

describe('breadcrumbs (SPEC §2)', () => {
  it('start at the map and follow the matched routes, without repeats', () => {
    const crumbs = crumbsOf(
      [
        match('root', '/'),
        match('management', '/management', 'route.management'),
        match('management.profile', '/management/profile/ada', 'route.management.profile'),
      ],
      t,
    );
    expect(crumbs).toEqual([
      { label: 'Karte', to: '/' },
      { label: 'Verwaltung', to: '/management' },
      { label: 'Profil', to: '/management/profile/ada' },
    ]);
  });

  it('hold a single entry on the home page (so none are shown)', () => {
    expect(crumbsOf([match('root', '/'), match('home', '/', 'route.home')], t)).toHaveLength(1);
  });

  it('take dynamic labels from the loader data', () => {
    const crumbs = crumbsOf(
      [
        match('content.static', '/content/legal', (d: { title: string }) => d.title, {
          title: 'Impressum',
        }),
      ],
      t,
    );
    expect(crumbs.at(-1)).toEqual({ label: 'Impressum', to: '/content/legal' });
  });

  it('cut labels over 50 characters to 49 plus an ellipsis', () => {
    expect(cutLabel('x'.repeat(50))).toBe('x'.repeat(50));
    expect(cutLabel('y'.repeat(51))).toBe(`${'y'.repeat(49)}…`);
    expect(cutLabel('y'.repeat(51))).toHaveLength(50);
  });
});
