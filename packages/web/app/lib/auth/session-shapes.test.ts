import { Principal, Session } from '@geoportal/contract/access';
import { describe, expect, it } from 'vitest';
import { asPrincipal, asSession } from './session-shapes';

const principal = {
  name: 'anna',
  email: 'anna@example.org',
  description: 'Anna A.',
  givenName: 'Anna',
  surname: 'Adler',
  readonly: false,
  roles: ['editor'],
  attributes: { entry: [{ name: 'org', value: ['LfU'] }] },
};

describe("the first bundle's session checks", () => {
  it('accept what the contract accepts and keep what it keeps (unknown fields dropped)', () => {
    const extra = { ...principal, password: 'never kept' };
    expect(asPrincipal(extra)).toEqual(Principal.parse(extra));
    expect(asPrincipal(principal)).toEqual(Principal.parse(principal));
    const minimal = { name: 'x', readonly: true, roles: [] };
    expect(asPrincipal(minimal)).toEqual(Principal.parse(minimal));
    const session = { id: 's1', expires: '2026-11-21T12:00:00Z' };
    expect(asSession(session)).toEqual(Session.parse(session));
  });

  it('refuse what the contract refuses', () => {
    const damaged: unknown[] = [
      null,
      'anna',
      [],
      {},
      { id: 1, expires: '2026' },
      { id: 's1' },
      ...Object.keys(principal).flatMap((key) => [
        { ...principal, [key]: null },
        { ...principal, [key]: 42 },
      ]),
      { ...principal, roles: ['editor', 7] },
      { ...principal, attributes: { entry: [{ name: 'org', value: 'LfU' }] } },
    ];
    for (const value of damaged) {
      expect(asPrincipal(value) !== null).toBe(Principal.safeParse(value).success);
      expect(asSession(value) !== null).toBe(Session.safeParse(value).success);
    }
  });
});
