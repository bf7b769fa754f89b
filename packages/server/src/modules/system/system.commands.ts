import { requireAdministrator } from '../../http/guards.js';
import type { CommandModule } from '../commands/command.types.js';
import { readStatistics } from './statistics.service.js';

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const byKey = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key} ${n}`)
    .join(', ') || 'none';

/** The system's commands: what the catalogue holds and the caches of the process. */
export const systemCommands: CommandModule = {
  module: 'system',
  commands: [
    {
      syntax: 'show statistics',
      process: false,
      help: {
        en: 'Counts the records and processes by state, the files and their bytes, the users and the groups.',
        de: 'Zählt Datensätze und Prozesse nach Zustand, Dateien mit ihrer Größe, Benutzer und Gruppen.',
      },
      async run(env) {
        const s = await readStatistics(env.ctx);
        env.out(`Records: ${sum(s.records)} (${byKey(s.records)})`);
        env.out(`Files: ${s.files}, stored blobs: ${s.blobs} (${s.blobBytes} bytes)`);
        env.out(`Users: ${s.users} (${s.enabledUsers} enabled), groups: ${s.groups}`);
        env.out(`Processes: ${sum(s.processes)} (${byKey(s.processes)})`);
      },
    },
    {
      syntax: 'clear caches',
      process: false,
      help: {
        en: 'Empties the in-memory caches of the app process that runs the command (rendered static pages, the file-URL signing key) and names what it emptied. Other app processes keep theirs.',
        de: 'Leert die Zwischenspeicher im Arbeitsspeicher des App-Prozesses, der den Befehl ausführt (gerenderte statische Seiten, der Signierschlüssel für Datei-URLs), und nennt, was geleert wurde. Andere App-Prozesse behalten ihre.',
      },
      async run(env) {
        requireAdministrator(env.ctx.auth, 'clear caches');
        const cleared = env.caches.clearAll();
        if (cleared.length === 0) env.out('This process keeps no caches in memory.');
        for (const cache of cleared) env.out(`Cleared ${cache.name}: ${cache.entries} entries`);
      },
    },
  ],
};
