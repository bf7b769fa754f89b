import {
  commandName,
  type LineProblem,
  matchSyntax,
  parseSyntax,
  type SyntaxItem,
  tokenizeLine,
} from '@geoportal/contract/command-line';
import {
  type CommandArgumentKind,
  type CommandInfo,
  commandArgumentSchemas,
  commandArgumentValues,
} from '@geoportal/contract/commands';
import { ErrorCode } from '@geoportal/contract/errors';
import { HttpError } from '../../http/errors.js';
import { filesCommands } from '../files/files.commands.js';
import { linksCommands } from '../links/links.commands.js';
import { objectsCommands } from '../objects/objects.commands.js';
import { processesCommands } from '../processes/processes.commands.js';
import { recordsCommands } from '../records/records.commands.js';
import { searchCommands } from '../search/search.commands.js';
import { systemCommands } from '../system/system.commands.js';
import { usersCommands } from '../users/users.commands.js';
import type { CommandArgs, CommandDeclaration, CommandModule } from './command.types.js';

/** One command of the catalogue with its syntax read once. */
export interface CatalogueEntry {
  module: string;
  name: string;
  items: SyntaxItem[];
  declaration: CommandDeclaration;
}

/** A line that fits a command, with its checked arguments. */
export interface ParsedLine {
  line: string;
  entry: CatalogueEntry;
  args: CommandArgs;
}

/** What to type for each kind of argument, in both languages. */
const hints: Record<CommandArgumentKind, { de: string; en: string }> = {
  objectId: { en: 'the id of a record', de: 'die Kennung eines Datensatzes' },
  state: {
    en: 'a workflow state: draft, submitted, published or withdrawn',
    de: 'ein Zustand im Arbeitsablauf: draft, submitted, published oder withdrawn',
  },
  text: {
    en: 'a text; put it in "double quotes" when it has spaces',
    de: 'ein Text; in "doppelte Anführungszeichen" setzen, wenn er Leerzeichen enthält',
  },
  userName: { en: 'a user name', de: 'ein Benutzername' },
  groupName: {
    en: 'a group name; in "double quotes" when it has spaces',
    de: 'ein Gruppenname; in "doppelten Anführungszeichen", wenn er Leerzeichen enthält',
  },
  upload: {
    en: 'an uploaded file (console: its upload id; command line: a file path)',
    de: 'eine hochgeladene Datei (Konsole: ihre Upload-Kennung; Kommandozeile: ein Dateipfad)',
  },
};

const help: CommandDeclaration = {
  syntax: 'help',
  process: false,
  help: {
    en: 'Lists every command with its syntax and what it does.',
    de: 'Listet alle Befehle mit ihrer Syntax und ihrer Wirkung auf.',
  },
  async run(env) {
    for (const entry of catalogue) {
      env.out(`${entry.declaration.syntax}${entry.declaration.process ? '  (process)' : ''}`);
      env.out(`    ${entry.declaration.help[env.ctx.language]}`);
    }
  },
};

const modules: CommandModule[] = [
  { module: 'commands', commands: [help] },
  searchCommands,
  filesCommands,
  linksCommands,
  processesCommands,
  recordsCommands,
  objectsCommands,
  usersCommands,
  systemCommands,
];

function argumentNames(items: readonly SyntaxItem[]): string[] {
  return items.flatMap((item) =>
    item.type === 'argument'
      ? [item.name]
      : item.type === 'optional'
        ? argumentNames(item.items)
        : [],
  );
}

/**
 * Reads every declaration once. A syntax whose arguments and declared kinds disagree, or two
 * commands of one name, are programming errors and stop the start.
 */
function buildCatalogue(): CatalogueEntry[] {
  const entries = modules.flatMap(({ module, commands }) =>
    commands.map((declaration) => {
      const items = parseSyntax(declaration.syntax);
      const named = argumentNames(items).sort();
      const declared = Object.keys(declaration.arguments ?? {}).sort();
      if (named.join() !== declared.join()) {
        throw new Error(`Arguments of "${declaration.syntax}" do not match their kinds`);
      }
      return { module, name: commandName(items), items, declaration };
    }),
  );
  const names = new Set<string>();
  for (const entry of entries) {
    if (!entry.name || names.has(entry.name)) throw new Error(`Bad command name "${entry.name}"`);
    names.add(entry.name);
  }
  return entries;
}

export const catalogue: readonly CatalogueEntry[] = buildCatalogue();

/** The catalogue as the API shows it, in one language. */
export function describeCatalogue(language: 'de' | 'en'): CommandInfo[] {
  return catalogue.map((entry) => ({
    name: entry.name,
    syntax: entry.declaration.syntax,
    module: entry.module,
    help: entry.declaration.help[language],
    process: entry.declaration.process,
    arguments: Object.entries(entry.declaration.arguments ?? {}).map(([name, kind]) => {
      const values = commandArgumentValues[kind];
      return {
        name,
        kind,
        hint: hints[kind][language],
        ...(values ? { values: [...values] } : {}),
      };
    }),
  }));
}

const problemTexts: Record<LineProblem['reason'], string> = {
  tooLong: 'The line is too long',
  controlCharacter: 'The line holds a control character (such as a line break)',
  unclosedQuote: 'A quote is not closed',
};

function lineError(code: string, message: string, path: string, position?: number): HttpError {
  return new HttpError(400, code, message, [
    { path, message, ...(position === undefined ? {} : { position }) },
  ]);
}

/** Checks the arguments of a match by their kinds; the first problem, or the values. */
function checkArgs(
  entry: CatalogueEntry,
  raw: Record<string, string>,
): { args: CommandArgs } | { problem: string } {
  const args: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const kind = entry.declaration.arguments?.[name] as CommandArgumentKind;
    const parsed = commandArgumentSchemas[kind].safeParse(value);
    if (!parsed.success) {
      return { problem: `{${name}} ${parsed.error.issues[0]?.message ?? 'is not valid'}` };
    }
    args[name] = parsed.data;
  }
  return { args };
}

/**
 * Reads a command line: its words, the command they name and its arguments, each checked by
 * its kind. Anything else is a 400 that names the expected syntax: `command.line_invalid`
 * (unclosed quote, control character), `command.unknown`, `command.syntax` (the command's
 * words fit but the rest does not) or `command.argument_invalid`. `path` names the line in
 * the request body.
 */
export function parseLine(line: string, path = 'body.line'): ParsedLine {
  const split = tokenizeLine(line);
  if ('problem' in split) {
    const { reason, position } = split.problem;
    throw lineError(
      ErrorCode.commandLineInvalid,
      `${problemTexts[reason]} (at character ${position + 1}).`,
      path,
      position,
    );
  }
  const words = split.tokens.map((token) => token.text);
  if (words.length === 0) {
    throw lineError(ErrorCode.commandUnknown, 'Type a command; "help" lists them.', path);
  }
  const named: { entry: CatalogueEntry; problem?: string }[] = [];
  for (const entry of catalogue) {
    const match = matchSyntax(entry.items, words);
    if (!match.args) {
      if (match.fitted >= entry.name.split(' ').length) named.push({ entry });
      continue;
    }
    const checked = checkArgs(entry, match.args);
    if ('args' in checked) return { line, entry, args: checked.args };
    named.push({ entry, problem: checked.problem });
  }
  const first = named[0];
  if (!first) {
    const similar = catalogue
      .filter((entry) => entry.name.split(' ')[0] === words[0]?.toLowerCase())
      .map((entry) => entry.declaration.syntax);
    throw lineError(
      ErrorCode.commandUnknown,
      `There is no command "${words.slice(0, 3).join(' ').slice(0, 80)}".${
        similar.length ? ` Did you mean: ${similar.join(' | ')}?` : ' "help" lists the commands.'
      }`,
      path,
    );
  }
  const syntax = first.entry.declaration.syntax;
  if (first.problem) {
    throw lineError(
      ErrorCode.commandArgumentInvalid,
      `${first.problem}. Expected: ${syntax}`,
      path,
    );
  }
  throw lineError(
    ErrorCode.commandSyntax,
    `The words do not fit the command. Expected: ${syntax}`,
    path,
  );
}

/**
 * Refuses a queue holding a command that shows a secret once (`showsSecret`): its output is
 * a stored process log, which leaves the secret out, so the password would be shown nowhere
 * and the user locked out. `parsed` has undefined for a line that did not parse; `path`
 * names the offending line for the console.
 */
export function refuseSecretsInQueue(
  parsed: readonly (ParsedLine | undefined)[],
  path: (index: number) => string,
) {
  const index = parsed.findIndex((line) => line?.entry.declaration.showsSecret);
  const line = parsed[index];
  if (!line) return;
  throw lineError(
    ErrorCode.commandSecretInQueue,
    `"${line.entry.name}" shows a temporary password once, and a queue keeps no secret in its log: run it on its own line.`,
    path(index),
  );
}
