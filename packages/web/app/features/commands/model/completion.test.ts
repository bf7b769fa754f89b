import type { CommandInfo } from '@geoportal/contract/commands';
import { describe, expect, it } from 'vitest';
import { commandsOf, completable, suggest } from './completion';

const info = (syntax: string, args: CommandInfo['arguments'] = []): CommandInfo => ({
  name: syntax.split(/ [[{]/)[0] as string,
  syntax,
  module: 'test',
  help: '',
  process: false,
  arguments: args,
});

const commands = completable([
  info('reindex search'),
  info('check fixity'),
  info('check links [object {id}]', [{ name: 'id', kind: 'objectId', hint: 'a record id' }]),
  info('set state of {id} to {state} [comment {text}]', [
    { name: 'id', kind: 'objectId', hint: 'a record id' },
    { name: 'state', kind: 'state', hint: 'a state', values: ['draft', 'published'] },
    { name: 'text', kind: 'text', hint: 'a text' },
  ]),
]);
const words = (line: string) =>
  suggest(commands, line).flatMap((s) => (s.type === 'word' ? [s.text] : [`{${s.argument.name}}`]));

describe('command completion', () => {
  it('offers the first words of every command on an empty line', () => {
    expect(words('')).toEqual(['reindex', 'check', 'set']);
  });

  it('completes the word being typed to the whole line', () => {
    expect(suggest(commands, 'rei')).toEqual([{ type: 'word', text: 'reindex', line: 'reindex ' }]);
    expect(suggest(commands, 'reindex se')[0]).toMatchObject({ line: 'reindex search ' });
    expect(words('check ')).toEqual(['fixity', 'links']);
  });

  it('hints free arguments and offers the values of arguments with few values', () => {
    expect(words('check links ')).toEqual(['object']);
    expect(words('check links object ')).toEqual(['{id}']);
    expect(words('set state of abcdefghij12 to ')).toEqual(['draft', 'published']);
    expect(words('set state of abcdefghij12 to pu')).toEqual(['published']);
    expect(words('set state of abcdefghij12 to draft ')).toEqual(['comment']);
  });

  it('offers nothing after a complete command or inside an unclosed quote', () => {
    expect(words('reindex search ')).toEqual([]);
    expect(words('set state of "abc')).toEqual([]);
  });

  it('finds the commands a line names, for their help', () => {
    expect(commandsOf(commands, 'check').map((c) => c.name)).toEqual([
      'check fixity',
      'check links',
    ]);
    expect(commandsOf(commands, 'check links object x').map((c) => c.name)).toEqual([
      'check links',
    ]);
  });
});
