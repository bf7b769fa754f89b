import type { CommandArgumentKind } from '@geoportal/contract/commands';
import type { ProcessKind } from '@geoportal/contract/processes';
import type { RequestContext } from '../../http/request-context.js';
import type { LogLevel } from '../processes/process-job.js';
import type { MemoryCaches } from '../system/memory-caches.js';

/**
 * Who runs a command and with what: the caller's context, exactly as a request of that
 * caller would have it, so every service applies its rules and writes its audit entries.
 */
export type CommandContext = Pick<
  RequestContext,
  'db' | 'now' | 'auth' | 'config' | 'store' | 'requestId' | 'language'
> & { accessKey?: undefined };

/** What a running command may use besides the caller's context. */
export interface CommandEnv {
  ctx: CommandContext;
  /** Writes a line of output. `secret` lines (a temporary password) are never stored. */
  out(text: string, level?: LogLevel, options?: { secret?: boolean }): void;
  /**
   * Runs a process kind in place, as part of this command: its log is this command's
   * output, its progress this run's. Only for commands flagged `process`.
   */
  runJob(kind: ProcessKind, params: Record<string, unknown>): Promise<string | undefined>;
  /** The bytes of an `{upload}` argument: an uploaded file (console) or a local file (CLI). */
  readUpload(reference: string): Promise<Uint8Array>;
  /** The in-memory caches of the process that runs the command. */
  caches: MemoryCaches;
  /** Reports progress of the run (shown on the process while it runs as one). */
  progress(done: number, total: number): void;
  /** Stops here when the run was canceled (between units of work that leave data whole). */
  checkpoint(): void;
  /** The run's id (its process, or the CLI's), to name what the run writes. */
  runId: string;
  /**
   * Where the caller fetches a file the run wrote into the exports folder: the download URL
   * in the console, the file's path on the command line (its operator has the machine).
   */
  exportAddress(name: string, file: string): string;
}

/** Validated arguments by name; optional ones that were left out are absent. */
export type CommandArgs = Readonly<Record<string, string | undefined>>;

/** One command of the catalogue, declared by the module whose services it calls. */
export interface CommandDeclaration {
  /** Words, `{argument}`s and `[optional parts]`, e.g. `check links [object {id}]`. */
  syntax: string;
  /** The kind of each `{argument}` of the syntax. */
  arguments?: Record<string, CommandArgumentKind>;
  help: { de: string; en: string };
  /** Runs as a background process: the console gets 202 and follows its log. */
  process: boolean;
  /**
   * Shows a secret once (a temporary password): it runs on its own line only, never in a
   * queue, whose output is a stored process log that leaves the secret out.
   */
  showsSecret?: boolean;
  run(env: CommandEnv, args: CommandArgs): Promise<void>;
}

/** The commands of one module. */
export interface CommandModule {
  module: string;
  commands: CommandDeclaration[];
}
