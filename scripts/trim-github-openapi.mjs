// Cuts apps/server/src/tracker/testdata/github-openapi-subset.json out of GitHub's REST OpenAPI description
// (api.github.com.json as published in the npm package @octokit/openapi 23.0.2,
// https://www.npmjs.com/package/@octokit/openapi, from https://github.com/github/rest-api-description):
// the operations the GitHub adapter calls and every component they reach, without descriptions and
// examples. Run by hand when the adapter calls another operation; no test or CI step runs it.
//   node scripts/trim-github-openapi.mjs path/to/api.github.com.json[.gz]
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** The operations the adapter calls (apps/server/src/tracker/github/), by path and method. */
const OPERATIONS = {
  '/user': ['get'],
  '/meta': ['get'],
  '/user/repos': ['get'],
  '/repos/{owner}/{repo}/issues': ['get'],
  '/repos/{owner}/{repo}/issues/{issue_number}': ['get', 'patch'],
  '/repos/{owner}/{repo}/issues/{issue_number}/comments': ['get', 'post'],
  '/repos/{owner}/{repo}/issues/{issue_number}/labels': ['post'],
  '/repos/{owner}/{repo}/issues/{issue_number}/timeline': ['get'],
  '/repos/{owner}/{repo}/labels': ['get'],
  '/repos/{owner}/{repo}/milestones': ['get'],
};
const PROSE = new Set(['description', 'summary']);
const DROPPED_KEYS = new Set([...PROSE, 'examples', 'example', 'externalDocs', 'x-github']);

const source = process.argv[2];
if (!source) throw new Error('usage: node scripts/trim-github-openapi.mjs api.github.com.json[.gz]');
const raw = readFileSync(source);
const text = (source.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
const spec = JSON.parse(text);

const strip = (value) => {
  if (Array.isArray(value)) return value.map(strip);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      // A schema property may be named description or summary: only the texts are dropped.
      .filter(([key, inner]) => !(DROPPED_KEYS.has(key) && (typeof inner === 'string' || !PROSE.has(key))))
      .map(([key, inner]) => [key, strip(inner)]),
  );
};

const paths = {};
for (const [path, methods] of Object.entries(OPERATIONS)) {
  paths[path] = {};
  for (const method of methods) paths[path][method] = strip(spec.paths[path][method]);
}

// Every #/components/<kind>/<name> the kept operations reach, followed transitively.
const components = {};
const seen = new Set();
const visit = (value) => {
  if (Array.isArray(value)) return value.forEach(visit);
  if (!value || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$ref' && typeof inner === 'string' && !seen.has(inner)) {
      seen.add(inner);
      const [, , kind, name] = inner.split('/');
      const target = strip(spec.components[kind][name]);
      components[kind] ??= {};
      components[kind][name] = target;
      visit(target);
    } else visit(inner);
  }
};
visit(paths);
for (const kind of Object.keys(components)) {
  components[kind] = Object.fromEntries(
    Object.entries(components[kind]).sort(([a], [b]) => a.localeCompare(b)),
  );
}

const subset = {
  openapi: spec.openapi,
  info: { title: spec.info.title, version: spec.info.version },
  'x-source': {
    document:
      "GitHub's REST API OpenAPI description for api.github.com (api.github.com.json in the npm package @octokit/openapi 23.0.2, from https://github.com/github/rest-api-description)",
    sha256: createHash('sha256').update(text).digest('hex'),
    extracted:
      'the operations the GitHub adapter calls and the components they reach; descriptions, summaries and examples left out (scripts/trim-github-openapi.mjs)',
  },
  paths,
  components,
};
const out = new URL('../apps/server/src/tracker/testdata/github-openapi-subset.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(subset, null, 1)}\n`);
console.log(`wrote ${out.pathname}: ${Object.keys(paths).length} paths, ${seen.size} components`);
