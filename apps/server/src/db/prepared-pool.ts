import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';

/** Statements PostgreSQL can keep prepared (DDL and transaction control are sent as they are). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\s/i;

/** A statement's name: the same text gets the same name on every connection. */
const names = new LRUCache<string, string>({ max: 1_000 });
function nameOf(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `h_${createHash('sha256').update(sql).digest('base64url').slice(0, 32)}`;
    names.set(sql, name);
  }
  return name;
}

/**
 * pg's pool for Kysely, sending each data statement as a named prepared statement: PostgreSQL parses
 * it once per connection and, after a few runs, reuses a generic plan, where an unnamed statement is
 * parsed and planned on every call (planning the project list took longer than running it). Kysely
 * writes a bounded set of statement texts, so each connection prepares a bounded set.
 * See https://node-postgres.com/features/queries#prepared-statements
 */
export class PreparedStatementPool implements PostgresPool {
  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    return {
      query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
        const values = parameters as unknown[];
        return (PREPARABLE.test(sql)
          ? client.query({ name: nameOf(sql), text: sql, values })
          : client.query(sql, values)) as unknown as Promise<PostgresQueryResult<R>>;
      },
      release: () => client.release(),
    } as PostgresPoolClient;
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}
