import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { isUrgent } from './connection-priority.js';

/**
 * Kysely dialect for the embedded PGlite database. PGlite is a single connection, so the
 * driver hands it out to one user at a time: a transaction never interleaves with statements
 * from concurrent requests. Waiters are served in order, urgent ones (a job's heartbeat,
 * `urgently`) first. (A maintained package exists, but it pulls a code generator and a
 * CLI with a hundred dependencies into the server; this is the whole driver.)
 */
export class PGliteDialect implements Dialect {
  private driver: PGliteDriver | undefined;

  constructor(private readonly client: PGlite) {}

  /** How many wait for the connection now, the urgent ones apart. */
  waiting(): { urgent: number; normal: number } {
    return this.driver?.waitingNow() ?? { urgent: 0, normal: 0 };
  }

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    this.driver = new PGliteDriver(this.client);
    return this.driver;
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  /** Whether someone holds the connection. */
  private busy = false;
  /** Who waits for it, in order; urgent ones (`urgently`) are served first. */
  private readonly waiting = { urgent: [] as (() => void)[], normal: [] as (() => void)[] };
  /** Whether the current holder asked urgently. */
  private holderUrgent = false;
  private idle: (() => void)[] = [];
  private readonly connection: PGliteConnection;

  constructor(private readonly client: PGlite) {
    this.connection = new PGliteConnection(client);
  }

  async init(): Promise<void> {
    await this.client.waitReady;
  }

  waitingNow(): { urgent: number; normal: number } {
    return { urgent: this.waiting.urgent.length, normal: this.waiting.normal.length };
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const urgent = isUrgent();
    if (this.busy) {
      const line = urgent ? this.waiting.urgent : this.waiting.normal;
      // The releasing holder hands the connection over: `busy` stays true in between.
      await new Promise<void>((resolve) => line.push(resolve));
    }
    this.busy = true;
    this.holderUrgent = urgent;
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    // Urgent work is a few statements in a row (reading a job: authentication, then the
    // job). Its next statement is asked for in the microtasks after this release; handed
    // straight to the next search, it would wait a whole statement again at every step. So
    // after an urgent holder the connection waits one turn of the event loop for it.
    if (this.holderUrgent && this.waiting.urgent.length === 0 && this.waiting.normal.length > 0) {
      setImmediate(() => this.handOver());
      return;
    }
    this.handOver();
  }

  /** Gives the connection to the next waiter, urgent ones first, or marks it free. */
  private handOver(): void {
    const next = this.waiting.urgent.shift() ?? this.waiting.normal.shift();
    if (next) {
      next();
      return;
    }
    this.busy = false;
    for (const resolve of this.idle.splice(0)) resolve();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await raw(connection, `begin${isolation}`);
  }
  async commitTransaction(connection: DatabaseConnection) {
    await raw(connection, 'commit');
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await raw(connection, 'rollback');
  }

  async destroy(): Promise<void> {
    // Wait for the last holder so that closing never cuts a statement in half.
    if (this.busy) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (!this.client.closed) await this.client.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query<R>(query.sql, [...query.parameters], {
      rowMode: 'object',
    });
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered by PGlite
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on the embedded database');
  }
}

function raw(connection: DatabaseConnection, sql: string) {
  return connection.executeQuery(CompiledQuery.raw(sql));
}
