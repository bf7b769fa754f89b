import { type ProcessKind, processKindParams } from '@geoportal/contract/processes';
import type { z } from 'zod';
import { HttpError } from '../../http/errors.js';
import { requireAdministrator } from '../../http/guards.js';
import { CONTROL_PROCESSES } from '../processes/process.errors.js';
import { type JobKinds, type LogLevel, runJob } from '../processes/process-job.js';
import type { MemoryCaches } from '../system/memory-caches.js';
import type { CommandContext, CommandEnv } from './command.types.js';
import type { ParsedLine } from './command-catalogue.js';
import { commandExportPath } from './command-exports.js';

/** Where a run's output goes and what controls it: a response, a process log or a terminal. */
export interface CommandRun {
  ctx: CommandContext;
  caches: MemoryCaches;
  /** Every job kind of the process that runs the line (a command runs some in place). */
  jobKinds: JobKinds;
  clock: () => Date;
  readUpload(reference: string): Promise<Uint8Array>;
  write(level: LogLevel, text: string): void;
  /**
   * Whether the output is kept (a process log in the database): then secret lines such as
   * a temporary password are replaced by a note instead of being stored.
   */
  stored: boolean;
  /**
   * Where a written export is fetched; the console's download URL by default (the CLI
   * answers the file's path).
   */
  exportAddress?: (name: string, file: string) => string;
  /** The controls of a run as a process; a run answered at once never stops half-way. */
  job?: {
    id: string;
    signal: AbortSignal;
    progress(update: { done?: number; total?: number; percent?: number; message?: string }): void;
    checkpoint(): void;
  };
}

const idle = new AbortController().signal;

function environment(run: CommandRun): CommandEnv {
  const out: CommandEnv['out'] = (text, level = 'info', options = {}) =>
    run.write(
      level,
      options.secret && run.stored
        ? `${text.split(':')[0]}: (not kept in a stored log; run the command on its own to see it)`
        : text,
    );
  return {
    ctx: run.ctx,
    out,
    caches: run.caches,
    readUpload: (reference) => run.readUpload(reference),
    progress: (done, total) => run.job?.progress({ done, total, message: `${done} of ${total}` }),
    checkpoint: () => run.job?.checkpoint(),
    runId: run.job?.id ?? run.ctx.requestId,
    exportAddress: (name, file) =>
      run.exportAddress?.(name, file) ?? `${run.ctx.config.apiBase}${commandExportPath(name)}`,
    // The same rule as `POST /processes` (also for the CLI and a `command.run` process,
    // which act as their account), then the process kind's own work, in place.
    async runJob(kind: ProcessKind, params: Record<string, unknown>) {
      requireAdministrator(run.ctx.auth, CONTROL_PROCESSES);
      const parsed = (processKindParams[kind] as z.ZodType).parse(params);
      const outcome = await runJob(run.jobKinds, kind, {
        id: run.job?.id ?? 'command',
        params: parsed,
        tries: 1,
        db: run.ctx.db,
        config: run.ctx.config,
        store: run.ctx.store,
        caches: run.caches,
        jobKinds: run.jobKinds,
        startedBy: run.ctx.auth?.principal.name ?? null,
        now: run.clock,
        signal: run.job?.signal ?? idle,
        log: (level, text) => out(text, level),
        progress: (update) => run.job?.progress(update),
        checkpoint: () => run.job?.checkpoint(),
      });
      if (outcome?.message) out(outcome.message);
      return outcome?.message;
    },
  };
}

/** Runs one parsed line with the caller's context; a refusal is thrown as the service threw it. */
export async function runParsedLine(parsed: ParsedLine, run: CommandRun): Promise<void> {
  await parsed.entry.declaration.run(environment(run), parsed.args);
}

/** The one-line text of a failure, without internals for anything but a known refusal. */
export function failureText(error: unknown): string {
  if (error instanceof HttpError) return `${error.message} (${error.code})`;
  if (error instanceof Error && error.name === 'JobCanceled') return 'Canceled';
  return 'The command failed unexpectedly; the server log has the details.';
}
