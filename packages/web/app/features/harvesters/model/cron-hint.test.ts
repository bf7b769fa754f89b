import { describe, expect, it } from 'vitest';
import { cronHint } from './cron-hint';

const now = new Date('2026-11-26T09:20:00.000Z');

describe('cronHint', () => {
  it('reads an expression in words of the page language, with the next runs in UTC', () => {
    const de = cronHint('0 3 * * *', 'de', now);
    expect(de).toEqual({
      kind: 'valid',
      words: 'Um 03:00',
      next: [new Date('2026-11-27T03:00:00.000Z'), new Date('2026-11-28T03:00:00.000Z')],
    });
    expect(cronHint('0 2 * * 1-5', 'en', now)).toMatchObject({
      words: 'At 02:00, Monday through Friday',
    });
  });

  it('reads six fields as seconds first, as the server does', () => {
    const hint = cronHint('0 0 4 * * 0', 'en', now);
    expect(hint).toMatchObject({ kind: 'valid', words: 'At 04:00, only on Sunday' });
    expect(hint.kind === 'valid' && hint.next[0]?.toISOString()).toBe('2026-11-29T04:00:00.000Z');
  });

  it('calls an empty field no schedule and a wrong one invalid', () => {
    expect(cronHint('  ', 'de', now)).toEqual({ kind: 'empty' });
    expect(cronHint('every night', 'de', now)).toEqual({ kind: 'invalid' });
    expect(cronHint('61 * * * *', 'de', now)).toEqual({ kind: 'invalid' });
  });
});
