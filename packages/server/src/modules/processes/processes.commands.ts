import type { CommandModule } from '../commands/command.types.js';

/** Housekeeping commands of the process module. */
export const processesCommands: CommandModule = {
  module: 'processes',
  commands: [
    {
      syntax: 'purge expired',
      process: true,
      help: {
        en: 'Deletes expired sessions, spent sign-in counters and finished processes past their retention time.',
        de: 'Löscht abgelaufene Sitzungen, verbrauchte Anmeldezähler und beendete Prozesse nach ihrer Aufbewahrungszeit.',
      },
      async run(env) {
        await env.runJob('maintenance.purge', {});
      },
    },
  ],
};
