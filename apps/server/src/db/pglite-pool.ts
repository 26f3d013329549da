import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { WriteClock } from './read-cache.ts';

/**
 * Kysely's PostgresDialect talks to a `pg`-style pool. PGlite is one connection, so this pool
 * leases it to one caller at a time: a transaction's statements never interleave with another's.
 * It also counts the statements that may write (anything but a plain SELECT), for read caching.
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
        if (!/^\s*select\s/i.test(sql)) countWrite();
        const result = await pglite.query<R>(sql, parameters as unknown[]);
        return {
          command: commandOf(sql),
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
