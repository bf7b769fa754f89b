import type { CommandModule } from '../commands/command.types.js';

/** The link check's commands. */
export const linksCommands: CommandModule = {
  module: 'links',
  commands: [
    {
      syntax: 'check links [object {id}]',
      arguments: { id: 'objectId' },
      process: true,
      help: {
        en: "Checks the online-resource links of every record, or of one record, and keeps each link's status.",
        de: 'Prüft die Online-Ressourcen-Links aller Datensätze oder eines Datensatzes und merkt sich den Zustand jedes Links.',
      },
      async run(env, args) {
        await env.runJob('links.check', args.id ? { recordId: args.id } : {});
      },
    },
  ],
};
