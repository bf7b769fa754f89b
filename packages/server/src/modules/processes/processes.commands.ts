import type { CommandModule } from '../commands/command.types.js';

/** Housekeeping commands of the process module. */
export const processesCommands: CommandModule = {
  module: 'processes',
  commands: [
    {
      syntax: 'purge expired',
      process: true,
      help: {
        en: 'Deletes expired sessions, spent sign-in counters, finished processes past their retention time, command uploads older than a day and command exports (ZIPs of `export records to zip`) older than 7 days.',
        de: 'Löscht abgelaufene Sitzungen, verbrauchte Anmeldezähler, beendete Prozesse nach ihrer Aufbewahrungszeit, Befehls-Uploads, die älter als ein Tag sind, und Befehls-Exporte (ZIP-Archive von `export records to zip`), die älter als 7 Tage sind.',
      },
      async run(env) {
        await env.runJob('maintenance.purge', {});
      },
    },
  ],
};
