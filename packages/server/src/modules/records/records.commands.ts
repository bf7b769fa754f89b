import { ErrorCode } from '@geoportal/contract/errors';
import { BadRequestError, HttpError } from '../../http/errors.js';
import type { CommandModule } from '../commands/command.types.js';
import { importIso19139 } from './record.service.js';
import { readRecordZip } from './record-zip.js';

/** Record import commands. */
export const recordsCommands: CommandModule = {
  module: 'records',
  commands: [
    {
      syntax: 'import records from zip {upload}',
      arguments: { upload: 'upload' },
      process: true,
      help: {
        en: 'Creates a draft from each ISO 19139 XML file of a ZIP, as the record import does, and reports each file; a bad file does not stop the others. A file whose identifier names an existing record is not imported.',
        de: 'Legt aus jeder ISO-19139-XML-Datei eines ZIP-Archivs einen Entwurf an, wie der Datensatzimport, und meldet jede Datei; eine fehlerhafte Datei hält die anderen nicht auf. Eine Datei, deren Kennung einen vorhandenen Datensatz nennt, wird nicht importiert.',
      },
      async run(env, args) {
        const entries = readRecordZip(await env.readUpload(args.upload as string));
        if (entries.length === 0) throw new BadRequestError('The ZIP holds no XML files.');
        let created = 0;
        let failed = 0;
        for (const [index, entry] of entries.entries()) {
          env.checkpoint();
          env.progress(index, entries.length);
          if ('skipped' in entry) {
            failed += 1;
            env.out(`${entry.name}: skipped, ${entry.skipped}`, 'error');
            continue;
          }
          try {
            const record = await importIso19139(env.ctx, entry.bytes, 'new');
            created += 1;
            env.out(`${entry.name}: created draft ${record.id}`);
          } catch (error) {
            // A refusal of one file is that file's result; anything else stops the import.
            if (!(error instanceof HttpError) || error.status >= 500) throw error;
            if (error.status === 401 || error.status === 403) throw error;
            failed += 1;
            env.out(`${entry.name}: not imported, ${error.message}`, 'error');
          }
        }
        env.progress(entries.length, entries.length);
        const summary = `${created} drafts created, ${failed} files not imported`;
        if (failed > 0) throw new HttpError(422, ErrorCode.commandFailed, summary);
        env.out(summary);
      },
    },
  ],
};
