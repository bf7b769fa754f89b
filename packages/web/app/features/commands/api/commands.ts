import {
  CommandCatalogue,
  type CommandProcess,
  type CommandResult,
  CommandRunAnswer,
  type CommandRunInput,
  CommandUpload,
} from '@geoportal/contract/commands';
import type { HttpClient } from '../../../lib/http/http-client';
import type { Transfer } from '../../../lib/http/transfer';

/** The calls of the command console (issue 23); all need an administrator's session. */

export function listCommands(client: HttpClient): Promise<CommandCatalogue> {
  return client.get('/commands', {
    noCache: true,
    schema: CommandCatalogue,
    invalid: 'an invalid command catalogue',
  });
}

export function runCommands(
  client: HttpClient,
  input: CommandRunInput,
): Promise<CommandResult | CommandProcess> {
  return client.post('/commands/run', {
    body: input,
    schema: CommandRunAnswer,
    invalid: 'an invalid command answer',
  });
}

/** Uploads a file for an `{upload}` argument; answers the id to type. */
export function uploadCommandFile(client: HttpClient, file: File): Promise<CommandUpload> {
  return client.post('/commands/uploads', {
    body: file,
    headers: { 'Content-Type': 'application/zip' },
    blocking: true,
    schema: CommandUpload,
    invalid: 'an invalid upload answer',
  });
}

/** A file a command wrote (`export records to zip`), as a Blob: the link needs the token. */
export function downloadCommandExport(transfer: Transfer, name: string): Promise<Blob> {
  return transfer.download(`/commands/exports/${encodeURIComponent(name)}`);
}
