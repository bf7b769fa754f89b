import { describe, expect, it } from 'vitest';
import { errorText, type FormatMessage, hasTranslation } from './error-text';
import { HttpRequestError } from './http-error';

const messages: Record<string, string> = {
  'alert.network.unknown': 'The server cannot be reached.',
  'alert.network.error.404': 'Not found.',
};
// Marks translated texts so the tests see which branch answered.
const formatMessage: FormatMessage = ({ id }) => `t:${messages[id] ?? id}`;
const text = (error: unknown) => errorText(error, formatMessage, messages);

describe('errorText (SPEC §8)', () => {
  it('shows the message of a browser-side error event (network failure, no status)', () => {
    expect(text(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });

  it("shows the body's message field when the answer has one", () => {
    const error = new HttpRequestError(
      404,
      { status: 404, code: 'x', message: 'No record 7.' },
      '',
    );
    expect(text(error)).toBe('No record 7.');
  });

  it('shows the body itself when it is a string', () => {
    expect(text(new HttpRequestError(502, 'Upstream down', ''))).toBe('Upstream down');
  });

  it('falls back to alert.network.error.{status} when the body has no message', () => {
    expect(text(new HttpRequestError(404, undefined, '404 Not Found'))).toBe('t:Not found.');
    expect(text(new HttpRequestError(404, { code: 'x' }, ''))).toBe('t:Not found.');
    expect(text(new HttpRequestError(404, '  ', ''))).toBe('t:Not found.');
  });

  it('uses alert.network.unknown when no translation exists for the status', () => {
    expect(text(new HttpRequestError(418, undefined, ''))).toBe('t:The server cannot be reached.');
  });

  it('uses alert.network.unknown with nothing to go on', () => {
    expect(text(undefined)).toBe('t:The server cannot be reached.');
    expect(text('boom')).toBe('t:The server cannot be reached.');
    expect(text(new Error(''))).toBe('t:The server cannot be reached.');
  });
});

describe('hasTranslation', () => {
  it('tells whether a key exists, ignoring inherited properties', () => {
    expect(hasTranslation(messages, 'alert.network.error.404')).toBe(true);
    expect(hasTranslation(messages, 'alert.network.error.500')).toBe(false);
    expect(hasTranslation(messages, 'toString')).toBe(false);
  });
});

describe('errorText prefers the translation of the stable code', () => {
  it('shows error.{code} in the user language when it exists, else the server message', () => {
    const messages = { 'error.auth.invalid_credentials': 'Benutzername oder Passwort ist falsch.' };
    const format = ({ id }: { id: string }) => (messages as Record<string, string>)[id] ?? id;
    const known = new HttpRequestError(
      401,
      {
        status: 401,
        code: 'auth.invalid_credentials',
        message: 'The user name or password is wrong.',
      },
      'x',
    );
    expect(errorText(known, format, messages)).toBe('Benutzername oder Passwort ist falsch.');
    const unknown = new HttpRequestError(
      400,
      { status: 400, code: 'other.code', message: 'Server says.' },
      'x',
    );
    expect(errorText(unknown, format, messages)).toBe('Server says.');
  });
});
