// Prints the gzipped size of everything the browser downloads to show /auth/login: index.html, the entry
// chunk with its static imports and CSS, and the login route chunk with its static imports and CSS.
// Run after `vite build` (which writes dist/.vite/manifest.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const budgetKb = 130; // kB = 1000 bytes, as Vite reports

const files = new Set(['index.html']);
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit('index.html');
visit('src/app/routes/auth/login.tsx');

let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1000).toFixed(2).padStart(8)} kB  ${file}`);
}
console.log(
  `${(total / 1000).toFixed(2).padStart(8)} kB  total gzipped for /auth/login (budget ${budgetKb} kB)`,
);
if (total / 1000 > budgetKb) {
  console.error('Over budget');
  process.exit(1);
}
