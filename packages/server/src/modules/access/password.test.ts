import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './password.js';

describe('password rules', () => {
  it.each([
    ['seven77', 'password.too_short'],
    ['x'.repeat(129), 'password.too_long'],
    ['password1', 'password.common'],
    ['Qwertyuiop', 'password.common'],
    ['geodaten-kathrin', 'password.common'],
  ])('refuses %s', async (password, code) => {
    expect(await passwordProblem(password, 'Geodaten-Kathrin')).toBe(code);
  });

  it('accepts 8 to 128 characters that are not common, counting characters not bytes', async () => {
    expect(await passwordProblem('Kartenwerk 2026', 'kathrin')).toBeNull();
    expect(await passwordProblem('ÄÖÜäöüßé', 'kathrin')).toBeNull();
    expect(await passwordProblem('🗺️'.repeat(40).slice(0, 128), 'kathrin')).toBeNull();
    expect(await passwordProblem('y'.repeat(128), 'kathrin')).toBeNull();
  });

  it('hashes with Argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('Kartenwerk 2026');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'Kartenwerk 2026')).toBe(true);
    expect(await verifyPassword(hash, 'kartenwerk 2026')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });
});
