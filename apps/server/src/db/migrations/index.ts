import type { Migration } from 'kysely';
import * as accountsAndProjects from './2026-11-22T1600-accounts-and-projects.ts';
import * as sends from './2026-11-22T1700-sends.ts';
import * as autosend from './2026-11-22T1800-autosend.ts';

/** Every migration, by name; names sort in the order they run. Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T1600-accounts-and-projects': accountsAndProjects,
  '2026-11-22T1700-sends': sends,
  '2026-11-22T1800-autosend': autosend,
};
