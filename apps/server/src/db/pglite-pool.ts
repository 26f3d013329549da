import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { WriteClock } from './read-cache.ts';

/**
 * Kysely's PostgresDialect talks to a `pg`-style pool. PGlite is one connection, so this pool
 * leases it to one caller at a time: a transaction's statements never interleave with another's.
 * It also counts the statements that may have written (anything but a plain SELECT or a DML statement
 * that touched no row), for read caching.
 */
export class PGlitePool implements PostgresPool, WriteClock {
  private queue: Promise<void> = Promise.resolve();
  private writes = 0;

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
    const { pglite } = this;
    const countWrite = () => {
      this.writes++;
    };
    let released = false;
    return {
      async query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
        const command = commandOf(sql);
        const mayWrite = !/^\s*select\s/i.test(sql);
        let result: Awaited<ReturnType<typeof pglite.query<R>>>;
        try {
          result = await pglite.query<R>(sql, parameters as unknown[]);
        } catch (error) {
          if (mayWrite) countWrite();
          throw error;
        }
        // An INSERT, UPDATE or DELETE that touched no row changed nothing (the job queue's poll that found
        // no due job, a sweep with nothing to sweep): counting it would drop every cached answer for nothing.
        // Counted once the statement ran: this connection is one caller's at a time, so no read runs
        // between a write and its count.
        if (mayWrite && !(command !== 'SELECT' && result.affectedRows === 0)) countWrite();
        return {
          command,
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release() {
        if (released) return;
        released = true;
        release();
      },
    } as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.queue;
    await this.pglite.close();
  }
}

function commandOf(sql: string): PostgresQueryResult<unknown>['command'] {
  const word = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase();
  return (
    word === 'INSERT' || word === 'UPDATE' || word === 'DELETE' || word === 'MERGE' ? word : 'SELECT'
  ) as PostgresQueryResult<unknown>['command'];
}
