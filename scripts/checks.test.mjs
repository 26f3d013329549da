// The repository's own checks fail on what they are there to catch: each test plants a violation in a
// temporary copy of the code and runs the check on the copy.
import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const repository = path.resolve(import.meta.dirname, '..');
const copies = [];

/** A copy of the code the checks read, with `plant(copyRoot)` applied. */
function copyWith(plant) {
  const root = mkdtempSync(path.join(tmpdir(), 'handoff-checks-'));
  copies.push(root);
  for (const part of ['apps/server/src', 'apps/web/src', 'docs', 'scripts/boundaries.mjs']) {
    cpSync(path.join(repository, part), path.join(root, part), { recursive: true });
  }
  plant(root);
  return root;
}

async function runCheck(script, root) {
  try {
    const { stdout } = await promisify(execFile)('node', [path.join(repository, 'scripts', script), root]);
    return { failed: false, output: stdout };
  } catch (error) {
    return { failed: true, output: `${error.stdout}${error.stderr}` };
  }
}

const write = (root, file, text) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const append = (root, file, text) => appendFileSync(path.join(root, file), text);
const replaceIn = (root, file, from, to) => {
  const full = path.join(root, file);
  const text = readFileSync(full, 'utf8');
  expect(text).toContain(from);
  writeFileSync(full, text.replace(from, to));
};

afterEach(() => {
  for (const root of copies.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('check-table-owners', () => {
  it('passes on the code as it is', async () => {
    const result = await runCheck(
      'check-table-owners.mjs',
      copyWith(() => {}),
    );
    expect(result).toMatchObject({ failed: false });
  });

  it('refuses a write to another module’s table in raw SQL, quoted, schema-qualified, any case', async () => {
    const root = copyWith((copy) =>
      append(
        copy,
        'apps/server/src/workspaces/workspaces.repository.ts',
        '\nexport const planted = (db: Kysely<Database>) => sql`UPDATE "public"."projects" SET name = \'x\'`.execute(db);\n',
      ),
    );
    const { failed, output } = await runCheck('check-table-owners.mjs', root);
    expect(failed).toBe(true);
    expect(output).toMatch(
      /workspaces\/workspaces\.repository\.ts:\d+: projects belongs to projects\/; select from or write it through projects\/'s repository \(projects\/\*\.repository\.ts\), not from workspaces\//,
    );
  });

  it('refuses a builder write to another module’s table and SQL outside a repository', async () => {
    const root = copyWith((copy) => {
      append(
        copy,
        'apps/server/src/ledger/sends.repository.ts',
        "\nexport const planted = (db: Executor) => db.deleteFrom('public.review_links').execute();\n",
      );
      append(
        copy,
        'apps/server/src/sends/sends.routes.ts',
        '\nconst plantedSql = sql`select 1 from sends`;\n',
      );
    });
    const { failed, output } = await runCheck('check-table-owners.mjs', root);
    expect(failed).toBe(true);
    expect(output).toContain(
      "review_links belongs to review/; select from or write it through review/'s repository",
    );
    expect(output).toMatch(/sends\/sends\.routes\.ts:\d+: SQL outside a data-access file/);
  });

  it('refuses a trigger that writes a table of a module other than the one the page lists it under', async () => {
    const root = copyWith((copy) =>
      write(
        copy,
        'apps/server/src/db/migrations/2099-01-01T0000-planted.ts',
        `import { type Kysely, sql } from 'kysely';
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql\`create function planted_touch() returns trigger language plpgsql as $$
    begin UPDATE "Projects" SET name = name WHERE id = new.project_id; return null; end $$\`.execute(db);
  await sql\`create trigger sends_touch_project after insert on public.sends for each row execute function planted_touch()\`.execute(db);
}
`,
      ),
    );
    const { failed, output } = await runCheck('check-table-owners.mjs', root);
    expect(failed).toBe(true);
    expect(output).toContain(
      'trigger sends_touch_project (on sends, writes projects) is not in docs/architecture.md\'s "Trigger" table: list it under projects/',
    );

    replaceIn(
      root,
      'docs/architecture.md',
      '| `sends_mark_story_status`',
      '| `sends_touch_project` | `sends` | `projects` | `ledger/` |\n| `sends_mark_story_status`',
    );
    const declaredUnderLedger = await runCheck('check-table-owners.mjs', root);
    expect(declaredUnderLedger.output).toContain(
      'trigger sends_touch_project writes projects, which belongs to projects/, not ledger/',
    );
  });
});

describe('check-boundaries', () => {
  it('passes on the code as it is', async () => {
    expect(
      await runCheck(
        'check-boundaries.mjs',
        copyWith(() => {}),
      ),
    ).toMatchObject({ failed: false });
  });

  it('refuses an import the list does not allow, naming what the module may import', async () => {
    const root = copyWith((copy) =>
      append(copy, 'apps/server/src/ledger/ledger.ts', "\nimport '../review/review.service.ts';\n"),
    );
    const { failed, output } = await runCheck('check-boundaries.mjs', root);
    expect(failed).toBe(true);
    expect(output).toMatch(
      /apps\/server\/src\/ledger\/ledger\.ts:\d+: ledger\/ may not import review\/ \(scripts\/boundaries\.mjs; ledger\/ may import errors\.ts, db\/, common\/, mail\/, messages\/, projects\/\)/,
    );
  });

  it('refuses a new folder without a line, on the server and in the web app; a subfolder keeps its module’s rule', async () => {
    const root = copyWith((copy) => {
      write(copy, 'apps/server/src/slack/slack.ts', "import '../errors.ts';\nexport const slack = 1;\n");
      write(
        copy,
        'apps/web/src/features/billing/billing.tsx',
        "import '@/lib/services';\nexport const billing = 1;\n",
      );
      write(copy, 'apps/server/src/tracker/github/github.ts', "import '../../review/review.service.ts';\n");
    });
    const { failed, output } = await runCheck('check-boundaries.mjs', root);
    expect(failed).toBe(true);
    expect(output).toContain('apps/server/src/slack/slack.ts: slack/ has no line in scripts/boundaries.mjs');
    expect(output).toContain('apps/web/src/features/billing/billing.tsx: features/billing/ has no line');
    expect(output).toMatch(/tracker\/github\/github\.ts:1: tracker\/ may not import review\//);
  });

  it('refuses a route file that imports a repository, its module’s or another’s: routes call services', async () => {
    const root = copyWith((copy) => {
      append(copy, 'apps/server/src/sends/sends.routes.ts', "\nimport '../ledger/sends.repository.ts';\n");
      append(copy, 'apps/server/src/sites/sites.routes.ts', "\nimport './sites.repository.ts';\n");
    });
    const { failed, output } = await runCheck('check-boundaries.mjs', root);
    expect(failed).toBe(true);
    expect(output).toMatch(
      /sends\/sends\.routes\.ts:\d+: a \*\.routes\.ts file may not import ledger\/sends\.repository\.ts \(scripts\/boundaries\.mjs: a route calls a service/,
    );
    expect(output).toMatch(
      /sites\/sites\.routes\.ts:\d+: a \*\.routes\.ts file may not import sites\/sites\.repository\.ts/,
    );
  });

  it('refuses a cycle between modules', async () => {
    const root = copyWith((copy) => {
      replaceIn(copy, 'scripts/boundaries.mjs', "'ledger/': {", "'ledger/': {\n      'stories/': 'planted',");
      append(copy, 'apps/server/src/ledger/ledger.ts', "\nimport '../stories/stories.service.ts';\n");
    });
    const { failed, output } = await runCheck('check-boundaries.mjs', root);
    expect(failed).toBe(true);
    expect(output).toContain('modules import each other in a cycle, ledger/ → stories/ → ledger/');
  });
});

describe('check-sizes', () => {
  it('passes on the code as it is', async () => {
    expect(
      await runCheck(
        'check-sizes.mjs',
        copyWith(() => {}),
      ),
    ).toMatchObject({ failed: false });
  });

  it('counts every line of a function, JSX and template literals included', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => `      <li>\n        row ${i}\n      </li>`).join('\n');
    const root = copyWith((copy) => {
      write(
        copy,
        'apps/web/src/components/long-list.tsx',
        `export function LongList() {\n  return (\n    <ul>\n${rows}\n    </ul>\n  );\n}\n`,
      );
      write(
        copy,
        'apps/server/src/mail/long-template.ts',
        `export function longTemplate(name: string): string {\n  return \`${'Hello \u0024{name}\n'.repeat(150)}\`;\n}\n`,
      );
    });
    const { failed, output } = await runCheck('check-sizes.mjs', root);
    expect(failed).toBe(true);
    expect(output).toContain(
      'apps/web/src/components/long-list.tsx:1: function LongList has 246 lines, more than 150',
    );
    expect(output).toContain(
      'apps/server/src/mail/long-template.ts:1: function longTemplate has 153 lines, more than 150',
    );
  });

  it('refuses a source file over 400 lines, and leaves tests aside', async () => {
    const lines = Array.from({ length: 401 }, (_, i) => `export const line${i} = ${i};`).join('\n');
    const root = copyWith((copy) => {
      write(copy, 'apps/server/src/mail/long-file.ts', `${lines}\n`);
      write(copy, 'apps/server/src/mail/long-file.test.ts', `${lines}\n`);
    });
    const { failed, output } = await runCheck('check-sizes.mjs', root);
    expect(failed).toBe(true);
    expect(output).toContain('apps/server/src/mail/long-file.ts: 401 lines, more than 400');
    expect(output).not.toContain('long-file.test.ts');
  });
});
