import type { CommandModule } from '../commands/command.types.js';

/** The search index's commands. */
export const searchCommands: CommandModule = {
  module: 'search',
  commands: [
    {
      syntax: 'reindex search',
      process: true,
      help: {
        en: 'Rebuilds the search document of every record in place, batch by batch; searches keep answering meanwhile.',
        de: 'Baut das Suchdokument jedes Datensatzes an Ort und Stelle neu auf, Stapel für Stapel; die Suche antwortet währenddessen weiter.',
      },
      async run(env) {
        await env.runJob('search.reindex', {});
      },
    },
  ],
};
