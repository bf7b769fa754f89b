import { describe, expect, it } from 'vitest';
import { checkUpload, isBundleName, maxUploadBytesOf } from './check-upload';

describe('checkUpload', () => {
  it('accepts a good name and answers its NFC form', () => {
    expect(checkUpload({ name: 'Übersicht.pdf'.normalize('NFD'), size: 10 }, 100)).toEqual({
      ok: true,
      path: 'Übersicht.pdf'.normalize('NFC'),
    });
  });

  it.each([
    ['CON.txt', 'reservedName'],
    ['bericht.', 'trailingDotOrSpace'],
    ['a|b.txt', 'forbiddenCharacter'],
    ['..', 'dotSegment'],
    ['', 'empty'],
    [`${'x'.repeat(256)}.txt`, 'segmentTooLong'],
  ])('refuses %j with %s', (name, problem) => {
    expect(checkUpload({ name, size: 1 }, undefined)).toEqual({
      ok: false,
      problem: { kind: 'path', problem },
    });
  });

  it('refuses a file above the known limit, and leaves the size to the server without one', () => {
    expect(checkUpload({ name: 'a.bin', size: 101 }, 100)).toEqual({
      ok: false,
      problem: { kind: 'tooLarge', maxBytes: 100 },
    });
    expect(checkUpload({ name: 'a.bin', size: 100 }, 100).ok).toBe(true);
    expect(checkUpload({ name: 'a.bin', size: 10 ** 12 }, undefined).ok).toBe(true);
  });
});

describe('isBundleName', () => {
  it('follows the contract’s rule', () => {
    expect(isBundleName('data')).toBe(true);
    expect(isBundleName('media-2024')).toBe(true);
    expect(isBundleName('Daten')).toBe(false);
    expect(isBundleName('1data')).toBe(false);
    expect(isBundleName('')).toBe(false);
  });
});

describe('maxUploadBytesOf', () => {
  it('reads a positive whole number and ignores anything else', () => {
    expect(maxUploadBytesOf({ apiBase: '/api/v1', maxUploadBytes: 1000 })).toBe(1000);
    expect(maxUploadBytesOf({ apiBase: '/api/v1' })).toBeUndefined();
    expect(maxUploadBytesOf({ maxUploadBytes: '1000' })).toBeUndefined();
    expect(maxUploadBytesOf({ maxUploadBytes: 0 })).toBeUndefined();
    expect(maxUploadBytesOf(undefined)).toBeUndefined();
  });
});
