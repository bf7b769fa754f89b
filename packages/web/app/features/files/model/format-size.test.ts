import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size';

// Intl puts a no-break space between number and unit; compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatSize', () => {
  it('shows bytes whole and larger units with at most one decimal, in the page language', () => {
    expect(plain(formatSize(0, 'de'))).toBe('0 Byte');
    expect(plain(formatSize(999, 'de'))).toBe('999 Byte');
    expect(plain(formatSize(999, 'en'))).toBe('999 byte');
    expect(plain(formatSize(1536, 'de'))).toBe('1,5 kB');
    expect(plain(formatSize(1536, 'en'))).toBe('1.5 kB');
    expect(plain(formatSize(2_345_678, 'de'))).toBe('2,3 MB');
    expect(plain(formatSize(123_456_789, 'en'))).toBe('123 MB');
    expect(plain(formatSize(1024 ** 3, 'de'))).toBe('1,1 GB');
    expect(plain(formatSize(5e15, 'en'))).toBe('5,000 TB');
  });

  it('treats negative sizes as zero', () => {
    expect(plain(formatSize(-5, 'en'))).toBe('0 byte');
  });
});
