import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../testing/pglite-template.ts';
import { PGlitePool } from './pglite-pool.ts';

// The pool speaks PostgreSQL's extended protocol to PGlite itself (named prepared statements): these
// check it answers exactly as PGlite's own query() does, and keeps working after errors and schema changes.
interface Tables {
  items: {
    id: number;
    name: string;
    tags: string[];
    at: Date | null;
    data: unknown;
    big: string | null;
  };
}

let pglite: PGlite;
let pool: PGlitePool;
let db: Kysely<Tables>;

beforeEach(async () => {
  pglite = await PGlite.create({ loadDataDir: await pgliteTemplate('empty') });
  pool = new PGlitePool(pglite);
  db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  await sql`create table items (id int primary key, name text not null unique, tags text[] not null,
    at timestamptz, data jsonb, big bigint)`.execute(db);
});

afterEach(async () => {
  await db.destroy();
});

const row = {
  id: 1,
  name: 'a "quoted", {braced} name\\ with ünïcode',
  tags: ['one', 'two, with comma', '', 'NULL', 'x"y'],
  at: new Date('2026-11-24T01:02:03.456Z'),
  data: { nested: [1, 'two', null], ok: true },
  big: '9007199254740993',
};

describe('PGlitePool', () => {
  it('answers a prepared statement as PGlite itself answers the same statement, every time', async () => {
    await db.insertInto('items').values(row).execute();
    await db
      .insertInto('items')
      .values({ id: 2, name: 'plain', tags: [], at: null, data: null, big: null })
      .execute();
    const byPGlite = await pglite.query('select * from items where id = any($1::int[]) order by id', [
      [1, 2],
    ]);
    for (let run = 0; run < 7; run++) {
      // Seven runs: PostgreSQL switches a prepared statement to a generic plan after five.
      const byPool = await db
        .selectFrom('items')
        .selectAll()
        .where('id', 'in', [1, 2])
        .orderBy('id')
        .execute();
      expect(byPool).toEqual(byPGlite.rows);
    }
    expect((await db.selectFrom('items').selectAll().where('id', '=', 1).executeTakeFirst())?.tags).toEqual(
      row.tags,
    );
  });

  it('reports a failed statement with its PostgreSQL error code and goes on working, in and out of transactions', async () => {
    await db.insertInto('items').values(row).execute();
    const duplicate = db
      .insertInto('items')
      .values({ ...row, id: 2 })
      .execute();
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('items').set({ name: 'renamed' }).where('id', '=', 1).execute();
        await trx
          .insertInto('items')
          .values({ ...row, id: 3, name: 'renamed' })
          .execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    // Rolled back as a whole; the same prepared statements still work.
    expect(await db.selectFrom('items').select('name').execute()).toEqual([{ name: row.name }]);
    await db
      .insertInto('items')
      .values({ ...row, id: 2, name: 'second' })
      .execute();
    expect(await db.selectFrom('items').select('id').orderBy('id').execute()).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('keeps answering after a schema change alters the columns of a prepared SELECT *', async () => {
    await db.insertInto('items').values(row).execute();
    const all = () => db.selectFrom('items').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(await all()).not.toHaveProperty('extra');
    await sql`alter table items add column extra text not null default 'new'`.execute(db);
    expect(await all()).toMatchObject({ id: 1, extra: 'new' });
  });

  it('counts writes for read caching, but not reads, writes that changed nothing, or a VACUUM', async () => {
    const before = pool.generation();
    await db.selectFrom('items').selectAll().execute();
    await db.updateTable('items').set({ name: 'none' }).where('id', '=', 42).execute();
    await sql`vacuum`.execute(db);
    expect(pool.generation()).toBe(before);
    await db.insertInto('items').values(row).execute();
    expect(pool.generation()).toBe(before + 1);
  });

  it('vacuums once enough writes have left dead rows behind, as autovacuum would', async () => {
    await db.insertInto('items').values(row).execute();
    for (let i = 0; i < 30; i++)
      await db
        .updateTable('items')
        .set({ name: `name ${i}` })
        .where('id', '=', 1)
        .execute();
    // PostgreSQL reports a backend's table statistics lazily; these make it report them now.
    const deadRows = async () => {
      await sql`select pg_stat_force_next_flush()`.execute(db);
      await sql`select pg_stat_clear_snapshot()`.execute(db);
      const stats = await sql<{
        dead: string;
      }>`select n_dead_tup as dead from pg_stat_user_tables where relname = 'items'`.execute(db);
      return Number(stats.rows[0]?.dead);
    };
    expect(await deadRows()).toBeGreaterThanOrEqual(30);
    expect(await pool.vacuumIfDue(1_000)).toBe(false);
    expect(await pool.vacuumIfDue(30)).toBe(true);
    expect(await deadRows()).toBe(0);
    // Nothing written since: not due again.
    expect(await pool.vacuumIfDue(1)).toBe(false);
  });
});
