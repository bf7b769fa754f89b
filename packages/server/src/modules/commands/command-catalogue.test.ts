import {
  matchSyntax,
  parseSyntax,
  quoteWord,
  type SyntaxItem,
  tokenizeLine,
} from '@geoportal/contract/command-line';
import type { CommandArgumentKind } from '@geoportal/contract/commands';
import { ErrorCode } from '@geoportal/contract/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.js';
import {
  type CatalogueEntry,
  catalogue,
  describeCatalogue,
  parseLine,
} from './command-catalogue.js';

/** A valid value of each kind of argument, and an invalid one. */
const samples: Record<CommandArgumentKind, { good: string; bad: string }> = {
  objectId: { good: 'abcdefghij12', bad: 'short' },
  state: { good: 'published', bad: 'deleted' },
  text: { good: 'a comment with spaces', bad: '' },
  userName: { good: 'new.user', bad: 'no/slash' },
  groupName: { good: 'Map makers', bad: 'bad/group' },
  upload: { good: '0b7c1a5e-2f43-4d49-9d8a-6c1e2a7f0b11', bad: 'x'.repeat(1001) },
};

/** A full line for an entry: every optional group taken, each argument its sample value. */
function lineOf(entry: CatalogueEntry, pick: (kind: CommandArgumentKind) => string): string {
  const words = (items: readonly SyntaxItem[]): string[] =>
    items.flatMap((item) => {
      if (item.type === 'word') return [item.word];
      if (item.type === 'optional') return words(item.items);
      const kind = entry.declaration.arguments?.[item.name] as CommandArgumentKind;
      return [quoteWord(pick(kind))];
    });
  return words(entry.items).join(' ');
}

function refusal(line: string): HttpError {
  try {
    parseLine(line);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error(`"${line}" was accepted`);
}

describe('the command catalogue', () => {
  it('holds the commands of the issue, each declared by its module', () => {
    expect(catalogue.map((e) => `${e.module}: ${e.declaration.syntax}`)).toEqual(
      expect.arrayContaining([
        'search: reindex search',
        'files: check fixity',
        'links: check links [object {id}]',
        'records: import records from zip {upload}',
        'records: export records to zip [query {q}]',
        'objects: set state of {id} to {state} [comment {text}]',
        'users: create user {name} [group {group}]',
        'users: disable user {name}',
        'users: reset password of {name}',
        'system: clear caches',
        'system: show statistics',
        'processes: purge expired',
        'commands: help',
      ]),
    );
  });

  it.each(catalogue.map((entry) => [entry.declaration.syntax, entry] as const))(
    '"%s" parses its full syntax and refuses wrong arguments with the expected syntax',
    (syntax, entry) => {
      const good = lineOf(entry, (kind) => samples[kind].good);
      const parsed = parseLine(good);
      expect(parsed.entry).toBe(entry);
      for (const [name, kind] of Object.entries(entry.declaration.arguments ?? {})) {
        expect(parsed.args[name]).toBe(samples[kind].good);
      }
      // Fixed words in capitals are the same words.
      expect(parseLine(good.replace(entry.name, entry.name.toUpperCase())).entry).toBe(entry);

      const extra = refusal(`${good} surplus`);
      expect(extra.status).toBe(400);
      expect(extra.code).toBe(ErrorCode.commandSyntax);
      expect(extra.message).toContain(`Expected: ${syntax}`);

      if (entry.declaration.arguments) {
        const bad = refusal(lineOf(entry, (kind) => samples[kind].bad));
        expect(bad.status).toBe(400);
        expect([ErrorCode.commandArgumentInvalid, ErrorCode.commandSyntax]).toContain(bad.code);
        expect(bad.message).toContain(`Expected: ${syntax}`);
        // The command's words alone, without its required arguments.
        const required = entry.items.some((item) => item.type === 'argument');
        if (required) expect(refusal(entry.name).code).toBe(ErrorCode.commandSyntax);
      }
    },
  );

  it('answers optional parts left out as absent arguments', () => {
    const parsed = parseLine('set state of abcdefghij12 to draft');
    expect(parsed.args).toEqual({ id: 'abcdefghij12', state: 'draft' });
    expect(parseLine('check links').args).toEqual({});
  });

  it('names unknown commands, unclosed quotes and control characters with stable codes', () => {
    expect(refusal('frobnicate all').code).toBe(ErrorCode.commandUnknown);
    expect(refusal('check everything').message).toContain('Did you mean');
    expect(refusal('   ').code).toBe(ErrorCode.commandUnknown);
    const quote = refusal('create user "open');
    expect(quote.code).toBe(ErrorCode.commandLineInvalid);
    expect(quote.fields?.[0]?.position).toBe(12);
    expect(refusal('show statistics\nclear caches').code).toBe(ErrorCode.commandLineInvalid);
  });

  it('describes itself in both languages with argument hints and values', () => {
    const en = describeCatalogue('en');
    const de = describeCatalogue('de');
    const setState = en.find((c) => c.name === 'set state of');
    expect(setState?.arguments.find((a) => a.name === 'state')?.values).toEqual([
      'draft',
      'submitted',
      'published',
      'withdrawn',
    ]);
    expect(en.find((c) => c.name === 'reindex search')?.process).toBe(true);
    expect(de.find((c) => c.name === 'reindex search')?.help).toMatch(/Suchdokument/);
    expect(de.map((c) => c.help)).not.toEqual(en.map((c) => c.help));
  });
});

describe('the line parser under fuzzing', () => {
  const word = fc.string({ unit: 'grapheme', maxLength: 30 }).filter((w) => !/[\p{Cc}]/u.test(w));

  it('reads quoted words back exactly, whatever characters they hold', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), (words) => {
        const split = tokenizeLine(words.map(quoteWord).join(' '));
        expect('tokens' in split && split.tokens.map((t) => t.text)).toEqual(words);
      }),
      { numRuns: 500 },
    );
  });

  it('answers any line with a catalogue command or a 400, never anything else', () => {
    const shellish = fc.constantFrom(
      ';',
      '&&',
      '|',
      '`id`',
      '$(id)',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax on purpose
      '${HOME}',
      '>',
      '<',
      '\\',
      '"',
      "'",
      '*',
      '~',
      '#',
      'reindex',
      'search',
      'set',
      'state',
      'of',
      'to',
      'user',
      'create',
    );
    const line = fc
      .array(fc.oneof(shellish, fc.string({ maxLength: 12 })), { maxLength: 10 })
      .map((parts) => parts.join(' '));
    fc.assert(
      fc.property(line, (text) => {
        try {
          const parsed = parseLine(text);
          expect(catalogue).toContain(parsed.entry);
          // An accepted line matched its syntax word for word: nothing was expanded.
          const split = tokenizeLine(text);
          const words = 'tokens' in split ? split.tokens.map((t) => t.text) : [];
          expect(matchSyntax(parsed.entry.items, words).args).toBeDefined();
        } catch (error) {
          expect(error).toBeInstanceOf(HttpError);
          expect((error as HttpError).status).toBe(400);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses malformed syntaxes at declaration', () => {
    expect(() => parseSyntax('check [links')).toThrow(/Unclosed/);
    expect(() => parseSyntax('check links]')).toThrow(/Unbalanced/);
    expect(() => parseSyntax('Check $x')).toThrow(/Bad word/);
  });
});
