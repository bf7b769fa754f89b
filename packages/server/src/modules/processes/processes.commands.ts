import type { CommandModule } from '../commands/command.types.js';

/** Housekeeping commands of the process module. */
export const processesCommands: CommandModule = {
  module: 'processes',
  commands: [
    {
      syntax: 'purge expired',
      process: true,
      help: {
        en: 'Deletes expired sessions, spent sign-in counters, finished processes past their retention time and command uploads older than a day.',
        de: 'Löscht abgelaufene Sitzungen, verbrauchte Anmeldezähler, beendete Prozesse nach ihrer Aufbewahrungszeit und Befehls-Uploads, die älter als ein Tag sind.',
      },
      async run(env) {
        await env.runJob('maintenance.purge', {});
      },
    },
  ],
};
