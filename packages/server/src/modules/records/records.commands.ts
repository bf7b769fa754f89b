import { ErrorCode } from '@geoportal/contract/errors';
import { BadRequestError, HttpError } from '../../http/errors.js';
import type { CommandModule } from '../commands/command.types.js';
import { commandExportName, createCommandExport } from '../commands/command-exports.js';
import { importIso19139 } from './record.service.js';
import { writeRecordsZip } from './record-export-zip.js';
import { readRecordZip } from './record-zip.js';

/** How often the export writes a line of output (progress is reported after each record). */
const EXPORT_REPORT_EVERY = 100;

/** Record import and export commands. */
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
    {
      syntax: 'export records to zip [query {q}]',
      arguments: { q: 'text' },
      process: true,
      help: {
        en: "Writes the ISO 19139 document of every record matching the query (the search's query language; without a query all records) that you may read into one ZIP, one <record id>.xml each. The ZIP is kept for 7 days in the data directory; the output names its download (console) or its path (command line).",
        de: 'Schreibt das ISO-19139-Dokument jedes Datensatzes, der zur Anfrage passt (Abfragesprache der Suche; ohne Anfrage alle Datensätze) und den Sie lesen dürfen, in ein ZIP-Archiv, je eine Datei <Datensatz-ID>.xml. Das ZIP wird 7 Tage im Datenverzeichnis aufbewahrt; die Ausgabe nennt seinen Download (Konsole) oder seinen Pfad (Befehlszeile).',
      },
      async run(env, args) {
        const { ctx } = env;
        const name = commandExportName('records', env.runId, ctx.now);
        const file = await createCommandExport(ctx.config.dataDir, name);
        try {
          const { written, leftOut } = await writeRecordsZip(
            { db: ctx.db, timeoutMs: ctx.config.searchTimeoutMs },
            { db: ctx.db, now: ctx.now, auth: ctx.auth, accessKey: undefined },
            args.q ?? '',
            (bytes) => file.write(bytes),
            {
              checkpoint: env.checkpoint,
              progress: env.progress,
              record: ({ id, written, done, total }) => {
                if (!written) env.out(`${id}: left out, no longer readable`, 'warn');
                if (done % EXPORT_REPORT_EVERY === 0) env.out(`${done} of ${total} records`);
              },
            },
          );
          await file.commit();
          env.out(
            `${written} records exported${leftOut ? `, ${leftOut} left out` : ''}: ${env.exportAddress(name, file.file)}`,
          );
        } finally {
          // After a commit there is nothing left to delete; after a failure or a cancel the
          // half-written file goes, so no half ZIP is ever kept.
          await file.discard();
        }
      },
    },
  ],
};
