#!/usr/bin/env node
// Sizes, measured by TypeScript's own parser: no function over 150 lines and no source file over 400,
// every line counted (blank lines, comments, JSX and template literals too, which Biome's line rules
// skipped). A function's lines run from its first token to its last, nested functions included. Tests,
// test helpers and data, generated files and migrations are aside.
import { lineOf, parse, report, sourceFiles, ts } from './source-files.mjs';

const MAX_FUNCTION_LINES = 150;
const MAX_FILE_LINES = 400;
const FOLDERS = [
  'apps/server/src',
  'apps/web/src',
  'apps/web/scripts',
  'packages/core/src',
  'bench',
  'e2e/support',
  'scripts',
];
const ASIDE = [
  /\.test\.(m?[jt]s|tsx)$/,
  /(^|\/)(testing|testdata|migrations|generated)\//,
  /\.generated\.tsx?$/,
];

/** The name a function is known by: its own, or that of the variable, property or call it is given to. */
function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    const holder = parent.parent;
    if (ts.isVariableDeclaration(holder)) return holder.name.getText();
    return `(callback of ${callee})`;
  }
  return '(anonymous)';
}

const problems = [];
for (const folder of FOLDERS) {
  for (const relative of sourceFiles(folder)) {
    if (ASIDE.some((pattern) => pattern.test(relative))) continue;
    const file = `${folder}/${relative}`;
    const sourceFile = parse(file);
    const fileLines =
      sourceFile.getLineAndCharacterOfPosition(sourceFile.end).line +
      (sourceFile.text.endsWith('\n') ? 0 : 1);
    if (fileLines > MAX_FILE_LINES) {
      problems.push(
        `${file}: ${fileLines} lines, more than ${MAX_FILE_LINES}. Split it along its responsibilities (one file per concern: routes, service, repository).`,
      );
    }
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const first = lineOf(sourceFile, node.getStart());
        const lines = lineOf(sourceFile, node.end) - first + 1;
        const name = nameOf(node);
        if (lines > MAX_FUNCTION_LINES) {
          problems.push(
            `${file}:${first}: function ${name} has ${lines} lines, more than ${MAX_FUNCTION_LINES}. Split it: ` +
              'each route, component or step of its own.',
          );
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
}

report(
  'Sizes (functions ≤ 150 lines, files ≤ 400) are exceeded',
  problems,
  'Sizes hold: every function ≤ 150 lines, every file ≤ 400.',
);
