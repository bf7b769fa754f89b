import { describe, expect, it } from 'vitest';
import { attributeValue, displayName, LoginRequest, ProfileUpdate } from './access.js';

describe('displayName (SPEC §2)', () => {
  it('is the description when there is one', () => {
    expect(
      displayName({ name: 'ada', description: 'Landesamt', givenName: 'Ada', surname: 'L' }),
    ).toBe('Landesamt');
  });

  it('else given name plus surname, or the one that exists', () => {
    expect(
      displayName({ name: 'ada', description: '  ', givenName: 'Ada', surname: 'Lovelace' }),
    ).toBe('Ada Lovelace');
    expect(displayName({ name: 'ada', surname: 'Lovelace' })).toBe('Lovelace');
  });

  it('else the user name', () => {
    expect(displayName({ name: 'ada' })).toBe('ada');
    expect(displayName({ name: 'ada', givenName: ' ', surname: '' })).toBe('ada');
  });
});

describe('attributeValue (SPEC §3)', () => {
  const principal = {
    attributes: {
      entry: [
        { name: 'org', value: ['LGB'] },
        { name: 'phone', value: ['1', '2'] },
        { name: 'empty', value: [] },
      ],
    },
  };

  it('answers the value itself when there is one', () => {
    expect(attributeValue(principal, 'org')).toBe('LGB');
  });

  it('answers the list when there are several', () => {
    expect(attributeValue(principal, 'phone')).toEqual(['1', '2']);
  });

  it('answers null when there is none', () => {
    expect(attributeValue(principal, 'empty')).toBeNull();
    expect(attributeValue(principal, 'missing')).toBeNull();
    expect(attributeValue({}, 'org')).toBeNull();
  });
});

describe('access schemas', () => {
  it('trims the user name of a login and requires both fields', () => {
    expect(LoginRequest.parse({ username: ' ada ', password: 'x' }).username).toBe('ada');
    expect(LoginRequest.safeParse({ username: 'ada', password: '' }).success).toBe(false);
  });

  it('accepts an empty email to clear it, refuses a malformed one', () => {
    expect(ProfileUpdate.safeParse({ email: '' }).success).toBe(true);
    expect(ProfileUpdate.safeParse({ email: 'nope' }).success).toBe(false);
  });
});
