import type {
  CommandInfo,
  CommandResult,
  CommandRunInput,
  CommandUpload,
} from '@geoportal/contract/commands';
import type { Process } from '@geoportal/contract/processes';
import type { z } from 'zod';
import type { RequestContext } from '../../http/request-context.js';
import { startProcess } from '../processes/process.service.js';
import type { MemoryCaches } from '../system/memory-caches.js';
import { describeCatalogue, parseLine, refuseSecretsInQueue } from './command-catalogue.js';
import { openCommandExport } from './command-exports.js';
import { runParsedLine } from './command-runner.js';
import { readCommandUpload, saveCommandUpload } from './command-uploads.js';

/**
 * What the command endpoints need of a request: its context and the process's caches. Only
 * administrators reach them (the routes' `administratorsOnly`); the services a command line
 * calls check the caller themselves, as they do for the CLI and a `command.run` process.
 */
export type CommandRequestContext = RequestContext & { caches: MemoryCaches };

/** `GET /commands`: the catalogue in the caller's language. Administrators only. */
export function listCommands(ctx: CommandRequestContext): CommandInfo[] {
  return describeCatalogue(ctx.language);
}

/**
 * `POST /commands/run`. Every line is read first, so a typo in line 5 refuses the whole
 * queue (400) before line 1 changes anything. One short command runs at once and answers its
 * output; a command that runs as a process, or several lines, become one `command.run`
 * process whose log is the output. A short command's refusal answers as the service refused
 * it (403, 404, 409 …), exactly as the matching API call would.
 */
export async function runCommands(
  ctx: CommandRequestContext,
  input: z.output<typeof CommandRunInput>,
): Promise<{ result: CommandResult } | { process: Process }> {
  const single = 'line' in input;
  const lines = single ? [input.line] : input.lines;
  const parsed = lines.map((line, i) => parseLine(line, single ? 'body.line' : `body.lines.${i}`));
  const first = parsed[0];
  if (parsed.length > 1) refuseSecretsInQueue(parsed, (i) => `body.lines.${i}`);
  if (parsed.length === 1 && first && !first.entry.declaration.process) {
    const output: CommandResult['output'] = [];
    await runParsedLine(first, {
      // A command acts by the caller's rights alone, never by a key sent with the request.
      ctx: { ...ctx, accessKey: undefined },
      caches: ctx.caches,
      jobKinds: ctx.jobKinds,
      clock: () => ctx.now,
      readUpload: (reference) => readCommandUpload(ctx.config.dataDir, reference),
      write: (level, text) => output.push({ level, text }),
      stored: false,
    });
    return { result: { line: first.line, command: first.entry.name, ok: true, output } };
  }
  const process = await startProcess(ctx, {
    kind: 'command.run',
    params: { lines, continueOnFailure: single ? false : input.continueOnFailure },
  });
  return { process };
}

/** `POST /commands/uploads`: keeps a file for an `{upload}` argument. Administrators only. */
export async function uploadForCommand(
  ctx: CommandRequestContext,
  bytes: Uint8Array,
): Promise<CommandUpload> {
  return { upload: await saveCommandUpload(ctx.config.dataDir, bytes), size: bytes.length };
}

/**
 * `GET /commands/exports/{name}`: a file a command wrote (`export records to zip`), for its
 * download. Administrators only, as the commands that write them; 404 for any name that is
 * not a finished export.
 */
export async function exportForCommand(ctx: CommandRequestContext, name: string) {
  return openCommandExport(ctx.config.dataDir, name);
}
