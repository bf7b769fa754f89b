import { demoAccounts, demoPassword } from './modules/access/access.seed.js';

/** What the start-up message tells. */
export interface StartupFacts {
  publicUrl: string;
  dataDir: string;
  /** The PostgreSQL server's URL, unset for the embedded database. */
  databaseUrl: string | undefined;
  demo: boolean;
}

/** Where a PostgreSQL URL points, without its user and password: `host:port/database`. */
export function databaseLocation(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.host}${url.pathname}`;
  } catch {
    return 'the configured server';
  }
}

/**
 * The lines printed once when the server listens: where to open it, where its data lives
 * and, on a demo database, how to sign in. A newcomer should not need the README for that.
 */
export function startupMessage(facts: StartupFacts): string {
  const lines = [
    `Geoportal is ready: open ${facts.publicUrl}`,
    `  Data folder: ${facts.dataDir}`,
    facts.databaseUrl
      ? `  Database:    PostgreSQL at ${databaseLocation(facts.databaseUrl)}`
      : '  Database:    embedded (PGlite) in the data folder',
  ];
  if (facts.demo) {
    lines.push('  Demo accounts (name / password):');
    for (const account of demoAccounts) {
      lines.push(
        `    ${account.name.padEnd(10)} ${demoPassword(account.name).padEnd(15)} ${account.group}`,
      );
    }
  }
  lines.push('  Stop with Ctrl+C.');
  return lines.join('\n');
}
