#!/usr/bin/env node
import { readFileSync } from 'node:fs';
// One owner per table: every table of the server's database is selected from and written only by the
// data-access files (`*.repository.ts`) of the module that owns it, and SQL lives nowhere else. The
// owners are the table "Who owns each table" in docs/architecture.md; this script reads that table, so
// the page and the rule cannot drift apart. Inside a statement of its own, a repository may join or
// sub-select another module's table (one round trip on a hot path), but never write it.
// Database triggers are code too: the script replays the migrations' `create function`/`create trigger`
// statements, and each trigger left must be listed in the page's "Triggers" table under the module that
// owns every table its function writes (a trigger is that module's code, firing on a change of another).
// SQL is read by TypeScript's parser (Kysely calls and sql`…` templates, comments aside) and matched in
// every spelling: any case, quoted, schema-qualified (`UPDATE "public"."projects"`).
import path from 'node:path';
import { isTestFile, lineOf, parse, report, repositoryRoot, sourceFiles, ts } from './source-files.mjs';

const serverSrc = 'apps/server/src';
const page = readFileSync(path.join(repositoryRoot, 'docs/architecture.md'), 'utf8');
const ownersSection = page.split(/^## /m).find((part) => part.startsWith('Who owns each table'));
if (!ownersSection) throw new Error('docs/architecture.md has no "## Who owns each table" section.');

/** The rows of the markdown table whose header's first cell starts with `firstHeader`. */
function markdownTable(firstHeader) {
  const lines = ownersSection.split('\n');
  const header = lines.findIndex((line) => line.split('|')[1]?.trim().startsWith(firstHeader));
  if (header === -1)
    throw new Error(`docs/architecture.md, "Who owns each table", has no "${firstHeader}" table.`);
  const rows = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}
const names = (cell) => [...cell.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]);
const moduleName = (cell) => cell.replaceAll('`', '').replace(/\/$/, '');

const owners = new Map();
const dataAccessFiles = new Map();
for (const [tables, module, files] of markdownTable('Tables')) {
  for (const table of names(tables)) owners.set(table, moduleName(module));
  dataAccessFiles.set(moduleName(module), files.replaceAll('`', ''));
}
const declaredTriggers = new Map(
  markdownTable('Trigger').map(([trigger, firesOn, writes, module]) => [
    names(trigger)[0],
    { firesOn: names(firesOn)[0], writes: names(writes).sort().join(', '), module: moduleName(module) },
  ]),
);

/** The tables of `interface Database` in db/schema.ts (other names in queries are CTEs or aliases). */
const schema = readFileSync(path.join(repositoryRoot, serverSrc, 'db/schema.ts'), 'utf8');
const databaseBody = /export interface Database \{([^}]*)\}/.exec(schema)?.[1];
if (!databaseBody) throw new Error('apps/server/src/db/schema.ts has no `interface Database`.');
const tables = new Set([...databaseBody.matchAll(/^\s*([a-z_]+):/gm)].map((match) => match[1]));

const problems = [];
for (const table of tables) {
  if (!owners.has(table)) {
    problems.push(
      `Table ${table} (db/schema.ts) has no owner in docs/architecture.md, "Who owns each table".`,
    );
  }
}
const whereToWrite = (owner) => `${owner}/'s repository (${dataAccessFiles.get(owner)})`;

// An identifier as SQL may spell it: quoted or not, optionally schema-qualified.
const IDENTIFIER = String.raw`(?:"?\w+"?\s*\.\s*)?"?(\w+)"?`;
const unquoted = (name) => name.toLowerCase();

/** Tables a piece of SQL names, each as written (insert, update, delete, merge, truncate) or read. */
function tablesInSql(text) {
  const uses = [];
  const statement = new RegExp(
    String.raw`\b(delete\s+from|insert\s+into|merge\s+into|truncate(?:\s+table)?|update|from|join)\s+(?:only\s+)?${IDENTIFIER}`,
    'gi',
  );
  for (const match of text.matchAll(statement)) {
    const table = unquoted(match[2]);
    if (tables.has(table)) uses.push({ table, reads: /^(from|join)$/i.test(match[1]), offset: match.index });
  }
  return uses;
}

/** The text of a sql`…` template (or the string given to sql.raw), each `${…}` hole a blank. */
function sqlText(node) {
  if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'sql') {
    const template = node.template;
    if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
    return [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ');
  }
  if (
    ts.isCallExpression(node) &&
    ['sql.raw', 'sql.table'].includes(node.expression.getText()) &&
    node.arguments[0] &&
    ts.isStringLiteralLike(node.arguments[0])
  ) {
    const text = node.arguments[0].text;
    return node.expression.getText() === 'sql.table' ? `update ${text}` : text;
  }
  return undefined;
}

const BUILDER_WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto']);
const BUILDER_JOINS = new Set([
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
]);

/** Whether `node` (a call on `eb.…`) runs on a parameter of a callback passed to another call: a sub-select. */
function isInsideCallback(node, receiverName) {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (
      (ts.isArrowFunction(parent) || ts.isFunctionExpression(parent)) &&
      ts.isCallExpression(parent.parent) &&
      parent.parameters.some((parameter) => parameter.name.getText() === receiverName)
    ) {
      return true;
    }
  }
  return false;
}

function rootIdentifier(expression) {
  let current = expression;
  while (ts.isPropertyAccessExpression(current) || ts.isCallExpression(current)) current = current.expression;
  return ts.isIdentifier(current) ? current.text : undefined;
}

/** Every table a file's code selects from or writes, through Kysely's builder or raw SQL. */
function tableUses(sourceFile) {
  const uses = [];
  let queryBuilderImport;
  const visit = (node) => {
    if (
      ts.isImportDeclaration(node) &&
      node.moduleSpecifier.text === 'kysely' &&
      !node.importClause?.isTypeOnly &&
      node.importClause?.namedBindings?.elements?.some((element) => !element.isTypeOnly)
    ) {
      queryBuilderImport = node;
    }
    const text = sqlText(node);
    if (text !== undefined) {
      for (const use of tablesInSql(text)) uses.push({ ...use, node });
      uses.push({ sql: true, node });
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const argument = node.arguments[0];
      const isBuilder = method === 'selectFrom' || BUILDER_WRITES.has(method) || BUILDER_JOINS.has(method);
      if (isBuilder && argument) {
        const literals = ts.isArrayLiteralExpression(argument) ? argument.elements : [argument];
        for (const literal of literals) {
          if (!ts.isStringLiteralLike(literal)) continue;
          const table = unquoted(
            literal.text
              .split(/\s+as\s+/i)[0]
              .split('.')
              .pop(),
          );
          const receiver = rootIdentifier(node.expression.expression);
          const reads =
            BUILDER_JOINS.has(method) || (method === 'selectFrom' && isInsideCallback(node, receiver));
          uses.push({ table, reads, node });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { uses, queryBuilderImport };
}

for (const relative of sourceFiles(serverSrc)) {
  // The database layer itself (connection, migrations: checked below) and test helpers are not modules.
  if (isTestFile(relative) || relative.startsWith('db/') || relative.startsWith('testing/')) continue;
  const module = relative.includes('/') ? relative.split('/')[0] : '(top level)';
  const sourceFile = parse(`${serverSrc}/${relative}`);
  const where = (node) => `${serverSrc}/${relative}:${lineOf(sourceFile, node.getStart())}`;
  const { uses, queryBuilderImport } = tableUses(sourceFile);

  if (!relative.endsWith('.repository.ts')) {
    const first = uses[0]?.node ?? queryBuilderImport;
    if (first) {
      problems.push(
        `${where(first)}: SQL outside a data-access file. Move it to the owning module's *.repository.ts ` +
          '(docs/architecture.md, "Who owns each table") and call that.',
      );
    }
    continue;
  }
  for (const use of uses) {
    if (use.sql || use.reads || !tables.has(use.table)) continue;
    const owner = owners.get(use.table);
    if (owner !== module) {
      problems.push(
        `${where(use.node)}: ${use.table} belongs to ${owner}/; select from or write it through ` +
          `${whereToWrite(owner)}, not from ${module}/.`,
      );
    }
  }
}

// The triggers the migrations leave, replayed in order (file names are UTC times).
const functions = new Map();
const triggers = new Map();
const migrations = sourceFiles(`${serverSrc}/db/migrations`).filter(
  (file) => /^\d{4}-.*\.ts$/.test(file) && !isTestFile(file),
);
for (const file of migrations.sort()) {
  const sourceFile = parse(`${serverSrc}/db/migrations/${file}`);
  const up = sourceFile.statements.find(
    (statement) => ts.isFunctionDeclaration(statement) && statement.name?.text === 'up',
  );
  const statements = [];
  const collect = (node) => {
    const text = sqlText(node);
    if (text !== undefined) statements.push(text);
    ts.forEachChild(node, collect);
  };
  if (up) collect(up);
  for (const text of statements) {
    for (const match of text.matchAll(
      new RegExp(
        String.raw`create\s+(?:or\s+replace\s+)?function\s+${IDENTIFIER}\s*\([^)]*\)[\s\S]*?\$(\w*)\$([\s\S]*?)\$\2\$`,
        'gi',
      ),
    )) {
      functions.set(unquoted(match[1]), { body: match[3], file });
    }
    for (const match of text.matchAll(
      new RegExp(String.raw`drop\s+function\s+(?:if\s+exists\s+)?${IDENTIFIER}`, 'gi'),
    )) {
      functions.delete(unquoted(match[1]));
    }
    for (const match of text.matchAll(
      new RegExp(
        String.raw`create\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+"?(\w+)"?[\s\S]*?\bon\s+${IDENTIFIER}[\s\S]*?execute\s+(?:function|procedure)\s+${IDENTIFIER}`,
        'gi',
      ),
    )) {
      triggers.set(unquoted(match[1]), { firesOn: unquoted(match[2]), function: unquoted(match[3]), file });
    }
    for (const match of text.matchAll(/drop\s+trigger\s+(?:if\s+exists\s+)?"?(\w+)"?/gi)) {
      triggers.delete(unquoted(match[1]));
    }
  }
}
for (const [name, trigger] of triggers) {
  const where = `${serverSrc}/db/migrations/${trigger.file}`;
  const body = functions.get(trigger.function)?.body ?? '';
  const written = [
    ...new Set(
      tablesInSql(body)
        .filter((use) => !use.reads)
        .map((use) => use.table),
    ),
  ].sort();
  const writers = [...new Set(written.map((table) => owners.get(table)))];
  const declared = declaredTriggers.get(name);
  if (writers.length > 1) {
    problems.push(
      `${where}: trigger ${name} writes ${written.join(', ')}, tables of ${writers.map((owner) => `${owner}/`).join(' and ')}; ` +
        'a trigger belongs to the module whose tables it writes: split it, one trigger per module.',
    );
  } else if (!declared) {
    problems.push(
      `${where}: trigger ${name} (on ${trigger.firesOn}, writes ${written.join(', ') || 'nothing'}) is not in ` +
        `docs/architecture.md's "Trigger" table: list it under ${writers[0] ?? owners.get(trigger.firesOn)}/, the owner of what it writes.`,
    );
  } else if (writers[0] && declared.module !== writers[0]) {
    problems.push(
      `${where}: trigger ${name} writes ${written.join(', ')}, which belongs to ${writers[0]}/, not ${declared.module}/: ` +
        `a trigger is the code of the module whose table it writes; list it under ${writers[0]}/ in docs/architecture.md.`,
    );
  } else if (declared.firesOn !== trigger.firesOn || declared.writes !== written.join(', ')) {
    problems.push(
      `${where}: trigger ${name} fires on ${trigger.firesOn} and writes ${written.join(', ')}; ` +
        `docs/architecture.md's "Trigger" table says on ${declared.firesOn}, writes ${declared.writes}.`,
    );
  }
}
for (const name of declaredTriggers.keys()) {
  if (!triggers.has(name)) {
    problems.push(`docs/architecture.md lists trigger ${name}, which no migration leaves: remove its row.`);
  }
}

report(
  'Table ownership (docs/architecture.md, "Who owns each table") is broken',
  problems,
  `Table ownership holds: ${owners.size} tables and ${triggers.size} triggers, each written by its own module.`,
);
