import type { CommandModule } from '../commands/command.types.js';

/** The file store's commands. */
export const filesCommands: CommandModule = {
  module: 'files',
  commands: [
    {
      syntax: 'check fixity',
      process: true,
      help: {
        en: 'Hashes every stored file again and reports files whose bytes changed or went missing.',
        de: 'Berechnet die Prüfsumme jeder gespeicherten Datei neu und meldet Dateien, deren Inhalt sich geändert hat oder die fehlen.',
      },
      async run(env) {
        await env.runJob('files.fixity', {});
      },
    },
  ],
};
