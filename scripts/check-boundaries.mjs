#!/usr/bin/env node
// The boundaries between modules, deny by default: every import of the server's and the web app's code
// (tests aside) from one module into another must be a pair listed in scripts/boundaries.mjs, every
// module must have a line there, every listed pair must still be used, and no modules import each other
// in a cycle; a file of a layer (a route file) imports nothing of a layer below the next (a repository).
// Imports are read by TypeScript's own parser (type-only and dynamic imports count too).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isTestFile, lineOf, parse, report, repositoryRoot, sourceFiles, ts } from './source-files.mjs';

const { server, web } = await import(pathToFileURL(path.join(repositoryRoot, 'scripts/boundaries.mjs')).href);

const problems = [];
const CONTAINERS = ['features/']; // folders each of whose subfolders is a module of its own

/** The module a path (relative to the app's folder) belongs to: its line in the list, or the line it needs. */
function zoneOf(app, relative) {
  const segments = relative.split('/');
  if (segments.length === 1) return relative;
  const container = CONTAINERS.find((prefix) => relative.startsWith(prefix));
  if (container) return `${container}${segments[1]}/`;
  const subfolder = `${segments[0]}/${segments[1]}/`;
  if (segments.length > 2 && subfolder in app.modules) return subfolder;
  return `${segments[0]}/`;
}
/** The module a zone is part of, for cycles and for "same module" (tracker/cloud/ is part of tracker/). */
const moduleOf = (zone) =>
  CONTAINERS.some((prefix) => zone.startsWith(prefix)) || !zone.includes('/')
    ? zone
    : `${zone.split('/')[0]}/`;

function checkApp(app) {
  const foundations = Object.keys(app.foundations);
  const groups = app.groups ?? {};
  const used = new Set();
  const expand = (rule) =>
    Object.keys(rule).flatMap((target) => (target in groups ? Object.keys(groups[target]) : [target]));

  for (const relative of sourceFiles(app.folder)) {
    if (isTestFile(relative)) continue;
    const zone = zoneOf(app, relative);
    const module = moduleOf(zone);
    const rule = app.modules[zone];
    const file = `${app.folder}/${relative}`;
    if (!rule && !foundations.includes(module)) {
      problems.push(
        `${file}: ${zone} has no line in scripts/boundaries.mjs. A new module declares what it may import: ` +
          `add \`'${zone}': { '<module>/': '<why>' }\` (or put the file in the module it belongs to).`,
      );
      continue;
    }
    const sourceFile = parse(file);
    const imports = ts.preProcessFile(sourceFile.text, true, true).importedFiles;
    for (const imported of imports) {
      const specifier = imported.fileName;
      let target;
      if (specifier.startsWith('.')) {
        target = path.posix.normalize(path.posix.join(path.posix.dirname(relative), specifier));
      } else if (app.alias && specifier.startsWith(app.alias)) {
        target = specifier.slice(app.alias.length);
      } else continue;
      if (target.startsWith('..')) continue;
      for (const layer of app.layers ?? []) {
        if (relative.endsWith(layer.files) && target.endsWith(layer.mayNotImport)) {
          problems.push(
            `${file}:${lineOf(sourceFile, imported.pos)}: a *${layer.files} file may not import ${target} ` +
              `(scripts/boundaries.mjs: ${layer.why}). Call the service of the module that owns the data ` +
              'instead; see docs/architecture.md, "A request’s path".',
          );
        }
      }
      const targetZone = zoneOf(app, target);
      const targetModule = moduleOf(targetZone);
      if (targetModule === module) continue;
      if (foundations.includes(targetModule)) {
        if (!foundations.includes(module) || foundations.indexOf(targetModule) < foundations.indexOf(module))
          continue;
      }
      const allowedKey = rule && ['*', targetZone, targetModule].find((key) => key in rule);
      const group = rule && Object.keys(rule).find((key) => groups[key] && targetModule in groups[key]);
      if (allowedKey || group) {
        used.add(`${zone} ${allowedKey ?? group}`);
        if (allowedKey === '*') used.add(`${zone} * ${targetModule}`);
        continue;
      }
      const allowed = [...foundations, ...(rule ? expand(rule) : [])];
      problems.push(
        `${file}:${lineOf(sourceFile, imported.pos)}: ${zone} may not import ${targetModule} (scripts/boundaries.mjs; ` +
          `${zone} may import ${allowed.join(', ') || 'nothing outside itself'}). Move what both need into the ` +
          'module that owns it, or pass it in from the composition root (app.ts, app/); see docs/architecture.md.',
      );
    }
  }

  for (const [zone, rule] of Object.entries(app.modules)) {
    for (const target of Object.keys(rule)) {
      if (target !== '*' && !(target in groups) && !used.has(`${zone} ${target}`)) {
        problems.push(
          `scripts/boundaries.mjs lets ${zone} import ${target}, which no file of ${zone} does: remove the pair.`,
        );
      }
    }
  }

  // Cycles between modules, in the list itself (the code's imports are a part of it).
  const modules = [...new Set(Object.keys(app.modules).map(moduleOf))];
  const edges = new Map(modules.map((module) => [module, new Set()]));
  for (const [zone, rule] of Object.entries(app.modules)) {
    // '*' (a composition root's) counts with the modules it does import.
    const targets =
      '*' in rule ? modules.filter((module) => used.has(`${zone} * ${module}`)) : expand(rule).map(moduleOf);
    for (const target of targets) if (target !== moduleOf(zone)) edges.get(moduleOf(zone)).add(target);
  }
  const reported = new Set();
  for (const start of modules) {
    const cycle = findCycle(start, edges);
    const key = cycle && [...cycle].sort().join(' ');
    if (cycle && !reported.has(key)) {
      reported.add(key);
      problems.push(
        `${app.folder}: modules import each other in a cycle, ${cycle.join(' → ')} → ${cycle[0]} ` +
          '(scripts/boundaries.mjs). One of them must not know the other: move the shared part to the ' +
          'lower module, or let the composition root pass a hook in (as the ledger’s NoticeHooks).',
      );
    }
  }
}

/** The shortest cycle back to `start`, as the list of modules on it, or undefined. */
function findCycle(start, edges) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of edges.get(current) ?? []) {
      if (next === start) {
        const path = [];
        for (let node = current; node !== undefined; node = previous.get(node)) path.unshift(node);
        return path;
      }
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return undefined;
}

checkApp(server);
checkApp(web);
report(
  'Module boundaries (scripts/boundaries.mjs) are broken',
  problems,
  `Module boundaries hold: ${Object.keys(server.modules).length} server and ${Object.keys(web.modules).length} web modules, no cycle.`,
);
