#!/usr/bin/env node
// One owner per table: every table of the server's database is selected from and written only by the
// data-access files (`*.repository.ts`) of the module that owns it, and SQL lives nowhere else. The
// owners are the table "Who owns each table" in docs/architecture.md; this script reads that table, so
// the page and the rule cannot drift apart. Inside a statement of its own, a repository may join or
// sub-select another module's table (one round trip on a hot path), but never write it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverSrc = path.join(root, 'apps/server/src');
const architecturePage = path.join(root, 'docs/architecture.md');

/** `| table, table | module/ | …` rows under the "Who owns each table" heading. */
function readOwners() {
  const page = readFileSync(architecturePage, 'utf8');
  const section = page.split(/^## /m).find((part) => part.startsWith('Who owns each table'));
  if (!section) throw new Error('docs/architecture.md has no "## Who owns each table" section.');
  const owners = new Map();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || !/^`[a-z_]+`/.test(cells[1])) continue;
    const module = cells[2].replaceAll('`', '').replace(/\/$/, '');
    for (const table of cells[1].matchAll(/`([a-z_]+)`/g)) owners.set(table[1], module);
  }
  if (owners.size === 0) throw new Error('The "Who owns each table" table in docs/architecture.md is empty.');
  return owners;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Text of every sql`…` template in `source`, with `${…}` holes blanked. */
function sqlTemplates(source) {
  const templates = [];
  for (let start = source.indexOf('sql`'); start !== -1; start = source.indexOf('sql`', start + 1)) {
    let text = '';
    let depth = 0;
    for (let i = start + 4; i < source.length; i++) {
      const char = source[i];
      if (depth === 0 && char === '`') break;
      if (char === '$' && source[i + 1] === '{') {
        depth++;
        i++;
        text += ' ';
      } else if (depth > 0 && char === '{') depth++;
      else if (depth > 0 && char === '}') depth--;
      else if (depth === 0) text += char;
    }
    templates.push(text);
  }
  return templates;
}

/**
 * Whether the builder call at `index` runs on the parameter of an enclosing arrow function, as in
 * `.where((eb) => eb.exists(eb.selectFrom(…)))`: a sub-select inside another statement.
 */
function isSubSelect(source, index) {
  const before = source.slice(Math.max(0, index - 400), index);
  const receiver = /([A-Za-z_$][\w$]*)\s*$/.exec(before);
  if (!receiver) return false;
  return new RegExp(`(\\(\\s*${receiver[1]}\\s*\\)|\\b${receiver[1]})\\s*=>`).test(
    before.slice(0, receiver.index),
  );
}

// Comments blanked, line breaks kept, so reported line numbers are the file's.
const withoutComments = (source) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/^\s*\/\/.*$/gm, '');
const lineOf = (source, index) => source.slice(0, index).split('\n').length;

/** The tables of `interface Database` in db/schema.ts (other names in queries are CTEs or aliases). */
function readTables() {
  const schema = readFileSync(path.join(serverSrc, 'db/schema.ts'), 'utf8');
  const body = /export interface Database \{([^}]*)\}/.exec(schema)?.[1];
  if (!body) throw new Error('apps/server/src/db/schema.ts has no `interface Database`.');
  return new Set([...body.matchAll(/^\s*([a-z_]+):/gm)].map((match) => match[1]));
}

const owners = readOwners();
const tables = readTables();
for (const table of tables) {
  if (!owners.has(table)) {
    console.error(
      `Table ${table} (db/schema.ts) has no owner in docs/architecture.md, "Who owns each table".`,
    );
    process.exit(1);
  }
}
const problems = [];
for (const file of sourceFiles(serverSrc)) {
  const relative = path.relative(serverSrc, file);
  // The database layer itself (connection, migrations) and test helpers are not product modules.
  if (relative.startsWith(`db${path.sep}`) || relative.startsWith(`testing${path.sep}`)) continue;
  const module = relative.split(path.sep).length > 1 ? relative.split(path.sep)[0] : '(top level)';
  const isRepository = relative.endsWith('.repository.ts');
  const source = withoutComments(readFileSync(file, 'utf8'));
  const where = (index) => `apps/server/src/${relative}:${lineOf(source, index)}`;

  const uses = [];
  for (const match of source.matchAll(
    /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto)\(\s*['"]([a-z_]+)/g,
  )) {
    uses.push({
      table: match[2],
      reads: match[1] === 'selectFrom' && isSubSelect(source, match.index),
      index: match.index,
    });
  }
  for (const match of source.matchAll(/\.(innerJoin|leftJoin|rightJoin|fullJoin)\(\s*['"]([a-z_]+)/g)) {
    uses.push({ table: match[2], reads: true, index: match.index });
  }
  for (const template of sqlTemplates(source)) {
    // Inside a statement a repository builds, `from`/`join` read (a sub-select or join); these write.
    const at = Math.max(source.indexOf(template.slice(0, 40)), 0);
    for (const match of template.matchAll(
      /\b(delete\s+from|insert\s+into|update|from|join)\s+([a-z_]+)\b/gi,
    )) {
      if (!tables.has(match[2])) continue;
      uses.push({ table: match[2], reads: /^(from|join)$/i.test(match[1]), index: at });
    }
  }
  const importsQueryBuilder = /^import\s+(?!type\b)[^;]*\bfrom\s+['"]kysely['"]/m.exec(source);

  if (!isRepository && (uses.length > 0 || importsQueryBuilder)) {
    const index = uses[0]?.index ?? importsQueryBuilder.index;
    problems.push(
      `${where(index)}: SQL outside a data-access file. Move it to the owning module's *.repository.ts ` +
        '(docs/architecture.md, "Who owns each table") and call that.',
    );
    continue;
  }
  for (const use of uses) {
    const owner = owners.get(use.table);
    if (!tables.has(use.table)) continue;
    if (owner !== module && !use.reads) {
      problems.push(
        `${where(use.index)}: ${use.table} belongs to ${owner}/; select from or write it through ` +
          `${owner}/'s repository, not from ${module}/.`,
      );
    }
  }
}

if (problems.length > 0) {
  console.error(`Table ownership (docs/architecture.md) is broken in ${problems.length} place(s):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`Table ownership holds: ${owners.size} tables, each read and written by its own module.`);
