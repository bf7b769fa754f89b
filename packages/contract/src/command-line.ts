/**
 * The words of a command line and the syntax of a command (issue 23). Shared by the server,
 * which parses and runs lines, and the web console, which completes them: both read a line
 * the same way. Nothing here ever hands a line to a shell or evaluates it; a line is only
 * ever split into words and matched against declared syntaxes.
 */

/** Longest command line accepted, in characters. */
export const COMMAND_LINE_MAX = 2000;

/** One word of a line: its text (quotes removed) and where it starts in the line. */
export interface LineToken {
  text: string;
  start: number;
  /** Whether it was written in quotes (so it may hold spaces). */
  quoted: boolean;
}

/** Why a line cannot be split into words, with the offending position. */
export interface LineProblem {
  reason: 'tooLong' | 'controlCharacter' | 'unclosedQuote';
  position: number;
}

/**
 * Where the line holds a control character, or -1. Tabs count as spaces; every other control
 * character (line breaks, escape sequences, NUL) is refused, so a line never carries a second
 * line or a terminal sequence into a log.
 */
function controlCharacterAt(line: string): number {
  for (let i = 0; i < line.length; i += 1) {
    const code = line.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || (code >= 0x7f && code <= 0x9f)) return i;
  }
  return -1;
}

/**
 * Splits a line into words at spaces. A word in double quotes may hold spaces; inside
 * quotes `\"` is a quote and `\\` a backslash. `#` has no meaning, nor has any other
 * character: there is no expansion of any kind.
 */
export function tokenizeLine(line: string): { tokens: LineToken[] } | { problem: LineProblem } {
  if (line.length > COMMAND_LINE_MAX) {
    return { problem: { reason: 'tooLong', position: COMMAND_LINE_MAX } };
  }
  const control = controlCharacterAt(line);
  if (control !== -1) return { problem: { reason: 'controlCharacter', position: control } };
  const tokens: LineToken[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i] as string;
    if (c === ' ' || c === '\t') {
      i += 1;
      continue;
    }
    const start = i;
    if (c === '"') {
      let text = '';
      i += 1;
      for (;;) {
        if (i >= line.length) return { problem: { reason: 'unclosedQuote', position: start } };
        const d = line[i] as string;
        if (d === '"') break;
        if (d === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\')) {
          text += line[i + 1];
          i += 2;
          continue;
        }
        text += d;
        i += 1;
      }
      i += 1;
      tokens.push({ text, start, quoted: true });
      continue;
    }
    while (i < line.length && line[i] !== ' ' && line[i] !== '\t') i += 1;
    tokens.push({ text: line.slice(start, i), start, quoted: false });
  }
  return { tokens };
}

/** Writes a value so that `tokenizeLine` reads it back as one word. */
export function quoteWord(value: string): string {
  if (value !== '' && !/[\s"]/.test(value)) return value;
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** One element of a syntax: a fixed word, an argument or an optional group. */
export type SyntaxItem =
  | { type: 'word'; word: string }
  | { type: 'argument'; name: string }
  | { type: 'optional'; items: SyntaxItem[] };

/**
 * Reads a syntax such as `check links [object {id}]`: lower-case words, `{name}` arguments
 * and `[…]` optional groups (which may nest). A malformed syntax is a programming error.
 */
export function parseSyntax(syntax: string): SyntaxItem[] {
  const parts = syntax.match(/\[|\]|\{[a-zA-Z]+\}|[^\s[\]{}]+/g) ?? [];
  const stack: SyntaxItem[][] = [[]];
  for (const part of parts) {
    const top = stack.at(-1) as SyntaxItem[];
    if (part === '[') {
      const group: SyntaxItem = { type: 'optional', items: [] };
      top.push(group);
      stack.push(group.items);
    } else if (part === ']') {
      if (stack.length === 1) throw new Error(`Unbalanced ] in syntax "${syntax}"`);
      stack.pop();
    } else if (part.startsWith('{')) {
      top.push({ type: 'argument', name: part.slice(1, -1) });
    } else {
      if (!/^[a-z][a-z-]*$/.test(part)) throw new Error(`Bad word "${part}" in "${syntax}"`);
      top.push({ type: 'word', word: part });
    }
  }
  if (stack.length !== 1) throw new Error(`Unclosed [ in syntax "${syntax}"`);
  return stack[0] as SyntaxItem[];
}

/** The fixed words a syntax starts with: the command's name (`set state of`). */
export function commandName(items: readonly SyntaxItem[]): string {
  const words: string[] = [];
  for (const item of items) {
    if (item.type !== 'word') break;
    words.push(item.word);
  }
  return words.join(' ');
}

/** What may come next after the words typed so far: a fixed word or an argument. */
export type Expected = { type: 'word'; word: string } | { type: 'argument'; name: string };

export interface SyntaxMatch {
  /** The arguments of a full match, by name (absent optional ones left out). */
  args?: Record<string, string>;
  /** How many words fitted the syntax at the farthest point reached. */
  fitted: number;
  /** What could follow when all words fitted but the syntax wanted more. */
  expected: Expected[];
}

/**
 * Matches words against a syntax. Fixed words compare without regard to case; an argument
 * takes any one word. Optional groups are tried with and without, so every reading of the
 * words is considered (syntaxes are short, so this stays small).
 */
export function matchSyntax(items: readonly SyntaxItem[], words: readonly string[]): SyntaxMatch {
  const result: SyntaxMatch = { fitted: 0, expected: [] };
  const seen = new Set<string>();
  const expect = (item: Expected) => {
    const key = item.type === 'word' ? `w:${item.word}` : `a:${item.name}`;
    if (seen.has(key)) return;
    seen.add(key);
    result.expected.push(item);
  };
  const walk = (
    seq: readonly SyntaxItem[],
    index: number,
    pos: number,
    args: Record<string, string>,
    rest: (pos: number, args: Record<string, string>) => boolean,
  ): boolean => {
    result.fitted = Math.max(result.fitted, pos);
    if (index === seq.length) return rest(pos, args);
    const item = seq[index] as SyntaxItem;
    const next = (p: number, a: Record<string, string>) => walk(seq, index + 1, p, a, rest);
    if (item.type === 'optional') return walk(item.items, 0, pos, args, next) || next(pos, args);
    const word = words[pos];
    if (word === undefined) {
      expect(item);
      return false;
    }
    if (item.type === 'word') return word.toLowerCase() === item.word && next(pos + 1, args);
    return next(pos + 1, { ...args, [item.name]: word });
  };
  walk(items, 0, 0, {}, (pos, args) => {
    if (pos !== words.length) return false;
    result.args = args;
    return true;
  });
  return result;
}
