import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { WriteClock } from './read-cache.ts';

/** Statements kept prepared (DDL, transaction control and the like run as they are). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\s/i;
/** Statements that change no data (a VACUUM rewrites pages, not rows): they leave cached reads valid. */
const CHANGES_NO_DATA = /^\s*(select|vacuum)\b/i;
/** A statement that may change a table's columns: a prepared SELECT * would fail after it. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

const { serialize } = protocol;

/** A statement prepared on the connection: its name and the types PostgreSQL inferred for its parameters. */
interface Prepared {
  name: string;
  parameterTypes: number[];
}

/**
 * Kysely's PostgresDialect talks to a `pg`-style pool. PGlite is one connection, so this pool
 * leases it to one caller at a time: a transaction's statements never interleave with another's.
 * It also counts the statements that may have written (anything but a plain SELECT or a DML statement
 * that touched no row), for read caching.
 *
 * Data statements run as named prepared statements, as prepared-pool.ts does on PostgreSQL: PGlite's
 * own query() parses and plans every statement anew and crosses into WebAssembly six times for it
 * (parse, describe, bind, describe, execute, sync); a prepared statement is bound and run in one
 * crossing, about two and a half times faster for Handoff's statements. The messages are PostgreSQL's
 * extended query protocol (https://www.postgresql.org/docs/current/protocol-flow.html#PROTOCOL-FLOW-EXT-QUERY),
 * sent through PGlite's public execProtocolStream.
 */
export class PGlitePool implements PostgresPool, WriteClock {
  private queue: Promise<void> = Promise.resolve();
  private writes = 0;
  private writesAtVacuum = 0;
  private vacuumTimer: NodeJS.Timeout | undefined;
  private statementCount = 0;
  /** Statements to close on the connection, sent before the next one. */
  private closing: Uint8Array[] = [];
  /** Kysely writes a bounded set of statement texts; the bound keeps odd ones from piling up. */
  private readonly prepared = new LRUCache<string, Prepared>({
    max: 500,
    dispose: (statement) => this.closing.push(serialize.close({ type: 'S', name: statement.name })),
  });

  generation(): number {
    return this.writes;
  }

  constructor(private readonly pglite: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    let released = false;
    return {
      query: <R>(sql: string, parameters: readonly unknown[]) => this.run<R>(sql, parameters),
      release() {
        if (released) return;
        released = true;
        release();
      },
    } as PostgresPoolClient;
  }

  private async run<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
    const command = commandOf(sql);
    const mayWrite = !CHANGES_NO_DATA.test(sql);
    let result: Results<R>;
    try {
      if (SCHEMA_CHANGE.test(sql)) this.prepared.clear();
      result = PREPARABLE.test(sql)
        ? await this.runPrepared<R>(sql, parameters)
        : parameters.length === 0
          ? await this.runSimple<R>(sql)
          : await this.pglite.query<R>(sql, parameters as unknown[]);
    } catch (error) {
      if (mayWrite) this.writes++;
      throw error;
    }
    // An INSERT, UPDATE or DELETE that touched no row changed nothing (the job queue's poll that found
    // no due job, a sweep with nothing to sweep): counting it would drop every cached answer for nothing.
    // Counted once the statement ran: this connection is one caller's at a time, so no read runs
    // between a write and its count.
    if (mayWrite && !(command !== 'SELECT' && result.affectedRows === 0)) this.writes++;
    return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
  }

  private async runPrepared<R>(sql: string, parameters: readonly unknown[]): Promise<Results<R>> {
    const { pglite } = this;
    return pglite._runExclusiveQuery(async () => {
      const statement = this.prepared.get(sql) ?? (await this.prepare(sql));
      // Each value is written as PGlite's own query() writes it, by the type of its parameter.
      const values = parameters.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = pglite.serializers[statement.parameterTypes[index]!];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await pglite.execProtocolStream(
        concat([
          ...this.takeClosing(),
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      return parse.parseResults(messages, pglite.parsers)[0] as Results<R>;
    });
  }

  /**
   * A statement without parameters (BEGIN, COMMIT, DDL) as one simple-protocol message: one crossing
   * where query() makes six.
   */
  private async runSimple<R>(sql: string): Promise<Results<R>> {
    const { pglite } = this;
    return pglite._runExclusiveQuery(async () => {
      const messages = await pglite.execProtocolStream(concat([...this.takeClosing(), serialize.query(sql)]));
      return parse.parseResults(messages, pglite.parsers).at(-1) as Results<R>;
    });
  }

  /** Parses `sql` once as a named statement and learns its parameters' types. */
  private async prepare(sql: string): Promise<Prepared> {
    this.statementCount += 1;
    const name = `handoff_${this.statementCount}`;
    const messages = await this.pglite.execProtocolStream(
      concat([
        ...this.takeClosing(),
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    this.prepared.set(sql, statement);
    return statement;
  }

  private takeClosing(): Uint8Array[] {
    const closing = this.closing;
    this.closing = [];
    return closing;
  }

  /**
   * PGlite is PostgreSQL as a single backend, without the autovacuum daemon: nothing would ever reclaim
   * the rows that updates and deletes leave behind, so tables and indexes would grow with every send
   * and sign-in, and scans slow down with them (a send's claim scans the open sends' index). This runs
   * VACUUM (ANALYZE) when at least `afterWrites` writes happened since the last one, as autovacuum
   * would; it also keeps the planner's statistics current, which autovacuum's analyze would have done.
   * It holds the one connection while it runs (tens of milliseconds for Handoff's tables).
   * See https://www.postgresql.org/docs/current/routine-vacuuming.html
   */
  async vacuumIfDue(afterWrites: number): Promise<boolean> {
    if (this.writes - this.writesAtVacuum < afterWrites) return false;
    this.writesAtVacuum = this.writes;
    const connection = await this.connect();
    try {
      await connection.query('vacuum (analyze)', []);
    } finally {
      connection.release();
    }
    return true;
  }

  /** Checks every `intervalMs` whether a VACUUM is due (see vacuumIfDue); stops when the pool ends. */
  vacuumRegularly(intervalMs: number, afterWrites: number, onError: (error: Error) => void): void {
    this.vacuumTimer = setInterval(() => {
      this.vacuumIfDue(afterWrites).catch(onError);
    }, intervalMs).unref();
  }

  async end(): Promise<void> {
    clearInterval(this.vacuumTimer);
    await this.queue;
    await this.pglite.close();
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

function commandOf(sql: string): PostgresQueryResult<unknown>['command'] {
  const word = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase();
  return (
    word === 'INSERT' || word === 'UPDATE' || word === 'DELETE' || word === 'MERGE' ? word : 'SELECT'
  ) as PostgresQueryResult<unknown>['command'];
}
