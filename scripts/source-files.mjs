// What the repository's own checks (check-table-owners, check-boundaries, check-sizes) share: the
// repository they read (the first argument, so a test can run a check on a copy with a planted
// violation), its source files, and each parsed by TypeScript's own parser.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const repositoryRoot = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));

export const isTestFile = (file) => /\.test\.(m?[jt]s|tsx)$/.test(file);

/** Every .ts/.tsx/.mjs file under `dir` (relative to the repository), with paths relative to `dir`. */
export function sourceFiles(dir) {
  const base = path.join(repositoryRoot, dir);
  const walk = (folder) =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory())
        return entry.name === 'node_modules' || entry.name === 'dist' ? [] : walk(full);
      return /\.(tsx?|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
    });
  if (!existsSync(base)) return [];
  return walk(base).map((full) => path.relative(base, full).split(path.sep).join('/'));
}

export function parse(file) {
  const text = readFileSync(path.join(repositoryRoot, file), 'utf8');
  const kind = file.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : file.endsWith('.mjs')
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

export const lineOf = (sourceFile, position) => sourceFile.getLineAndCharacterOfPosition(position).line + 1;

/** Prints the problems under `title` and exits 1, or prints `success`. */
export function report(title, problems, success) {
  if (problems.length > 0) {
    console.error(`${title} (${problems.length}):`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(success);
}

export { ts };
