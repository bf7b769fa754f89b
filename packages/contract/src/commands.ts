import { z } from 'zod';
import { UserName } from './access.js';
import { COMMAND_LINE_MAX } from './command-line.js';
import { objectStates } from './object.js';
import { Process } from './processes.js';
import { GroupName } from './users.js';

/**
 * The command console (issue 23): typed administration commands, run in the browser at
 * `/management/command` through `/api/v1/commands` and on the command line by `npm run cli`.
 */

/** The kinds of argument a syntax may name; each has its own check (`commandArgumentSchemas`). */
export const commandArgumentKinds = [
  'objectId',
  'state',
  'text',
  'userName',
  'groupName',
  'upload',
] as const;
export type CommandArgumentKind = (typeof commandArgumentKinds)[number];

/** How each kind of argument is checked, on the server and in the console alike. */
export const commandArgumentSchemas: Record<CommandArgumentKind, z.ZodType<string>> = {
  objectId: z.string().regex(/^[\w-]{10,64}$/, 'is not an object id'),
  state: z.enum(objectStates),
  text: z.string().min(1).max(2000),
  userName: UserName,
  groupName: GroupName,
  upload: z.string().min(1).max(1000),
};

/** The values an argument of a kind may take, when they are few. */
export const commandArgumentValues: Partial<Record<CommandArgumentKind, readonly string[]>> = {
  state: objectStates,
};

/** Most lines one run may queue. */
export const COMMAND_LINES_MAX = 100;

export const CommandArgument = z.object({
  name: z.string(),
  kind: z.enum(commandArgumentKinds),
  /** The values it may take, when they are few (e.g. the workflow states). */
  values: z.array(z.string()).optional(),
  /** What to type, in the caller's language. */
  hint: z.string(),
});
export type CommandArgument = z.infer<typeof CommandArgument>;

export const CommandInfo = z
  .object({
    /** The fixed words that name it, e.g. `set state of`. */
    name: z.string(),
    /** Its syntax: words, `{argument}`s and `[optional parts]`. */
    syntax: z.string(),
    /** The module that declares it, e.g. `search`. */
    module: z.string(),
    help: z.string(),
    /** Whether it runs as a background process (202 with the process). */
    process: z.boolean(),
    arguments: z.array(CommandArgument),
  })
  .meta({ id: 'CommandInfo' });
export type CommandInfo = z.infer<typeof CommandInfo>;

export const CommandCatalogue = z
  .object({ items: z.array(CommandInfo) })
  .meta({ id: 'CommandCatalogue' });
export type CommandCatalogue = z.infer<typeof CommandCatalogue>;

const Line = z.string().min(1).max(COMMAND_LINE_MAX);

/** `POST /commands/run`: one line, or several run in order. */
export const CommandRunInput = z
  .union([
    z.object({ line: Line }).strict(),
    z
      .object({
        lines: z.array(Line).min(1).max(COMMAND_LINES_MAX),
        /** Run the lines after a failed one too (default: stop at the first failure). */
        continueOnFailure: z.boolean().default(false),
      })
      .strict(),
  ])
  .meta({ id: 'CommandRunInput' });
export type CommandRunInput = z.input<typeof CommandRunInput>;

export const CommandOutputLine = z.object({
  level: z.enum(['info', 'warn', 'error']),
  text: z.string(),
});
export type CommandOutputLine = z.infer<typeof CommandOutputLine>;

/** The answer of a short command run at once (200). */
export const CommandResult = z
  .object({
    line: z.string(),
    command: z.string(),
    ok: z.boolean(),
    output: z.array(CommandOutputLine),
  })
  .meta({ id: 'CommandResult' });
export type CommandResult = z.infer<typeof CommandResult>;

/** The answer of a run that became a process (202): follow it on `/processes`. */
export const CommandProcess = z.object({ process: Process }).meta({ id: 'CommandProcess' });
export type CommandProcess = z.infer<typeof CommandProcess>;

/** `POST /commands/uploads`: a file for a command's `{upload}` argument. */
export const CommandUpload = z
  .object({
    /** What to type as the argument. */
    upload: z.string(),
    size: z.number(),
  })
  .meta({ id: 'CommandUpload' });
export type CommandUpload = z.infer<typeof CommandUpload>;

/** What `POST /commands/run` answers: a short command's output or the run's process. */
export const CommandRunAnswer = z.union([CommandResult, CommandProcess]);
