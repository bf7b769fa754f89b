import { describe, expect, it } from 'vitest';
import { initialsOf } from './user-controls';

describe('initialsOf', () => {
  it('takes the first letters of up to two words', () => {
    expect(initialsOf('Sina Submitter')).toBe('SS');
    expect(initialsOf('Landesamt für Geoinformation Brandenburg')).toBe('LF');
    expect(initialsOf('admin')).toBe('A');
    expect(initialsOf('  élodie   ümit ')).toBe('ÉÜ');
  });
});
