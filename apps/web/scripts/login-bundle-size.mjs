// Prints the gzipped size of the JavaScript and CSS the browser downloads to show /auth/login: login.html's
// start script, the entry chunk with its static imports and CSS, and the login route chunk with its static
// imports and CSS; fails
// over 110 kB (the first page most visitors see; the README's "Bundle budget"). The same for the client's review page (review.html), which fails over 60 kB. `npm test` runs it after the build.
// Run after `vite build` (which writes dist/.vite/manifest.json). Also fails when zod reached any chunk: the
// web imports the API schemas of @handoff/core/api as types only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const kB = (bytes) => (bytes / 1000).toFixed(2).padStart(8); // kB = 1000 bytes, as Vite reports
let overBudget = false;

/** Prints the gzipped JS and CSS of the given manifest entries and their static imports; false when over. */
function checkBudget(label, budgetKb, entries) {
  const files = new Set(entries.filter((entry) => entry.startsWith('assets/')));
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const entry of entries.filter((entry) => !entry.startsWith('assets/'))) {
    if (!manifest[entry]) throw new Error(`${entry} is not in the build manifest`);
    visit(entry);
  }
  let total = 0;
  for (const file of [...files].sort()) {
    const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    total += size;
    console.log(`${kB(size)} kB  ${file}`);
  }
  console.log(`${kB(total)} kB  JS and CSS gzipped for ${label} (budget ${budgetKb} kB)`);
  if (total / 1000 > budgetKb) {
    console.error(`${label} is over budget`);
    overBudget = true;
  }
}

/** login.html's start script, an asset the build emits (listed in the manifest under a hashed name). */
const loginStart = Object.values(manifest).find((chunk) =>
  /^assets\/login-start-[^/]+\.js$/.test(chunk.file),
);
if (!loginStart) throw new Error('The build manifest lists no login-start script');
checkBudget('/auth/login', 110, [loginStart.file, 'index.html', 'src/app/routes/auth/login.tsx']);
// The client's review page: its own entry, without the admin app.
checkBudget('/review/{token}', 60, ['review.html']);
if (overBudget) process.exit(1);

// Every zod schema class is registered under a name like "$ZodType"; the string survives minification.
const withZod = readdirSync(join(dist, 'assets')).filter(
  (file) => file.endsWith('.js') && readFileSync(join(dist, 'assets', file), 'utf8').includes('$ZodType'),
);
if (withZod.length > 0) {
  console.error(
    `zod is in the browser bundle (${withZod.join(', ')}): import @handoff/core/api with "import type".`,
  );
  process.exit(1);
}
