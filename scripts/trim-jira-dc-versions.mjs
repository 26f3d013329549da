// Adds `GET /api/2/project/{projectIdOrKey}/versions` and the VersionBean it answers to
// apps/server/src/tracker/testdata/jira-dc-openapi-subset.json, cut from Atlassian's Jira Software Data
// Center 10.3 OpenAPI document (the one named in the subset's x-source), with the patch the real answer
// needs: the document declares one VersionBean, Jira answers an array of them. Run by hand, once per
// new operation; no test or CI step runs it.
//   node scripts/trim-jira-dc-versions.mjs path/to/jira_software_dc_10003_swagger.v3.json
import { readFileSync, writeFileSync } from 'node:fs';

const source = process.argv[2];
if (!source)
  throw new Error('usage: node scripts/trim-jira-dc-versions.mjs jira_software_dc_10003_swagger.v3.json');
const spec = JSON.parse(readFileSync(source, 'utf8'));
const target = new URL('../apps/server/src/tracker/testdata/jira-dc-openapi-subset.json', import.meta.url);
const subset = JSON.parse(readFileSync(target, 'utf8'));

const path = '/api/2/project/{projectIdOrKey}/versions';
const operation = structuredClone(spec.paths[path].get);
const ok = operation.responses['200'].content['application/json'];
ok.schema = { type: 'array', items: ok.schema };
subset.paths[path] = { get: operation };
subset.components.schemas.VersionBean = spec.components.schemas.VersionBean;
subset.components.schemas = Object.fromEntries(
  Object.entries(subset.components.schemas).sort(([a], [b]) => a.localeCompare(b)),
);
const patch =
  'GET /api/2/project/{projectIdOrKey}/versions answers an array of VersionBean (declared as one)';
if (!subset['x-source'].patches.includes(patch)) subset['x-source'].patches.push(patch);
writeFileSync(target, `${JSON.stringify(subset, null, 2)}\n`);
console.log(`added ${path} to ${target.pathname}`);
