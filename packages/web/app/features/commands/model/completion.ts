import {
  type Expected,
  matchSyntax,
  parseSyntax,
  quoteWord,
  type SyntaxItem,
  tokenizeLine,
} from '@geoportal/contract/command-line';
import type { CommandArgument, CommandInfo } from '@geoportal/contract/commands';

/** A command of the catalogue with its syntax read once, for completion. */
export interface Completable {
  info: CommandInfo;
  items: SyntaxItem[];
}

export function completable(catalogue: readonly CommandInfo[]): Completable[] {
  return catalogue.map((info) => ({ info, items: parseSyntax(info.syntax) }));
}

/** A completion: a word to insert, or a hint of the argument to type. */
export type Suggestion =
  | { type: 'word'; text: string; line: string }
  | { type: 'argument'; argument: CommandArgument; command: string };

/**
 * What may come next in `line` (the cursor at its end), read with the same parser as the
 * server: fixed words (and values of arguments with few values) that start with the word
 * being typed, as the whole line they complete to, and hints for free arguments.
 */
export function suggest(commands: readonly Completable[], line: string): Suggestion[] {
  const split = tokenizeLine(line);
  if ('problem' in split) return [];
  const tokens = split.tokens;
  const last = tokens.at(-1);
  // Without a space at the end, the last word is still being typed.
  const typing = last !== undefined && !/[ \t]$/.test(line);
  const done = typing ? tokens.slice(0, -1) : tokens;
  const prefix = typing ? (last?.text ?? '').toLowerCase() : '';
  const base = typing ? line.slice(0, last?.start) : line.trim() ? `${line.trimEnd()} ` : '';
  const words = done.map((token) => token.text);

  const suggestions: Suggestion[] = [];
  const seen = new Set<string>();
  const add = (text: string) => {
    if (!text.toLowerCase().startsWith(prefix) || seen.has(text)) return;
    seen.add(text);
    suggestions.push({ type: 'word', text, line: `${base}${quoteWord(text)} ` });
  };
  for (const command of commands) {
    for (const next of matchSyntax(command.items, words).expected) {
      if (next.type === 'word') {
        add(next.word);
        continue;
      }
      const argument = argumentOf(command.info, next);
      if (!argument) continue;
      for (const value of argument.values ?? []) add(value);
      if (!argument.values) {
        suggestions.push({ type: 'argument', argument, command: command.info.name });
      }
    }
  }
  return suggestions;
}

function argumentOf(info: CommandInfo, next: Expected): CommandArgument | undefined {
  return next.type === 'argument' ? info.arguments.find((a) => a.name === next.name) : undefined;
}

/** The commands whose fixed words the line starts with: their help fits the line. */
export function commandsOf(commands: readonly Completable[], line: string): CommandInfo[] {
  const split = tokenizeLine(line);
  if ('problem' in split || split.tokens.length === 0) return [];
  const words = split.tokens.map((token) => token.text.toLowerCase());
  return commands
    .filter((command) => {
      const name = command.info.name.split(' ');
      const shared = Math.min(name.length, words.length);
      return name.slice(0, shared).join(' ') === words.slice(0, shared).join(' ');
    })
    .map((command) => command.info);
}
