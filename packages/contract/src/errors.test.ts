import { describe, expect, it } from 'vitest';
import { ErrorBody, ErrorCode } from './errors.js';

describe('ErrorBody', () => {
  it('accepts the uniform error body of DESIGN §4', () => {
    const body = { status: 409, code: 'object.version_conflict', message: 'Someone saved first.' };
    expect(ErrorBody.parse(body)).toEqual(body);
  });

  it('refuses non-error statuses', () => {
    expect(ErrorBody.safeParse({ status: 200, code: 'x', message: 'y' }).success).toBe(false);
  });

  it('has unique, dotted, lower-case codes', () => {
    const codes = Object.values(ErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z][a-z0-9_]*(\.[a-z_]+)+$/);
  });
});
