// Benchmark of the Jira Data Center client (apps/server/src/tracker/datacenter/) against a local DC double
// on a real HTTP port, in its own process: drafting the e-mail from 2,000 stories with wiki-markup
// descriptions fetched in 20 `startAt` pages of 100, each page answered in a fixed time (100 ms; 40 ms as a
// stress figure). Target: fetch + draft within 1.05× of the tracker's own time at 100 ms per page.
// Reference: the tracker's own time, measured by the double in the same run (from reading a request to
// writing its answer), and a bare fetch + JSON.parse loop over the same pages.
// Run: npx tsx bench/tracker-dc.bench.ts

import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { draftEmail } from '@handoff/core';
import { fetchStories } from '../apps/server/src/stories/stories.service.ts';
import { JiraDataCenterTracker } from '../apps/server/src/tracker/datacenter/dc-tracker.ts';

const STORIES = 2_000;
const STORY_PAGE = 100;
const PAGE_MS = [100, 40];
const TARGET_PAGE_MS = 100;
const TARGET_RATIO = 1.05;
const RUNS = 7;
const credentials = { email: 'bench@bank.example', apiToken: 'bench-pat' };

const doubleSource = `
import { createServer } from 'node:http';
const [STORIES] = JSON.parse(process.argv[1]);
const description = (n) => n % 10 === 0 ? null :
  'As a customer I want feature ' + n + ' so that the work goes faster and the client is happy.\\n\\n' +
  'h3. Acceptance criteria\\n#test#\\n' +
  Array.from({ length: 5 }, (_, s) => '# Step ' + (s + 1) + ': open [the page|https://app.example.com/x] and check the *result* {{story ' + n + '}}').join('\\n');
const issues = Array.from({ length: STORIES }, (_, i) => ({
  expand: 'operations,versionedRepresentations,editmeta,changelog,renderedFields',
  id: String(20000 + i), self: 'https://jira.bank.example/jira/rest/api/2/issue/' + (20000 + i),
  key: 'BENCH-' + (i + 1), fields: { summary: 'Story number ' + (i + 1), description: description(i) },
}));
const pages = new Map();
let bytes = 0;
let servedMs = 0;
const server = createServer((req, res) => {
  if (req.url === '/stats') { const s = JSON.stringify({ servedMs, bytes }); servedMs = 0; return res.end(s); }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url, 'http://x');
    const [, waitPart] = url.pathname.split('/');
    const wait = Number(waitPart.slice(1));
    const asked = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    const startAt = asked.startAt || 0;
    const maxResults = Math.min(asked.maxResults || 50, 100);
    const key = startAt + ':' + maxResults;
    let body = pages.get(key);
    if (!body) {
      body = JSON.stringify({ expand: null, startAt, maxResults, total: STORIES,
        issues: issues.slice(startAt, startAt + maxResults), names: null, schema: null, warningMessages: null });
      pages.set(key, body);
      bytes += body.length;
    }
    const started = performance.now();
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body, () => { servedMs += performance.now() - started; });
    }, wait);
  });
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
const parent = process.ppid;
setInterval(() => { if (process.ppid !== parent) process.exit(0); }, 500).unref();
`;

const child = spawn(
  process.execPath,
  ['--input-type=module', '-e', doubleSource, JSON.stringify([STORIES])],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
process.once('exit', () => child.kill());
const { port } = JSON.parse(
  await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the DC double stopped (${code})`)));
  }),
) as { port: number };
const site = (pageMs: number) => `http://127.0.0.1:${port}/w${pageMs}/jira`;
const stats = async () =>
  (await (await fetch(`http://127.0.0.1:${port}/stats`)).json()) as { servedMs: number; bytes: number };

interface Run {
  wallMs: number;
  trackerMs: number;
}
async function measure(run: () => Promise<unknown>): Promise<Run> {
  await run();
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    await stats();
    const started = performance.now();
    await run();
    const wallMs = performance.now() - started;
    runs.push({ wallMs, trackerMs: (await stats()).servedMs });
  }
  runs.sort((a, b) => a.wallMs / a.trackerMs - b.wallMs / b.trackerMs);
  return runs[Math.floor(runs.length / 2)]!;
}

const request = { project: 'BENCH', states: ['Done'] };
const figures: Array<{ pageMs: number; client: Run; bare: Run }> = [];
for (const pageMs of PAGE_MS) {
  const tracker = new JiraDataCenterTracker({ endpoint: { baseUrl: site(pageMs) } });
  const check = draftEmail(await fetchStories(tracker, credentials, request), []);
  if (check.includedKeys.length !== STORIES) throw new Error(`drafted ${check.includedKeys.length} stories`);
  const client = await measure(async () => draftEmail(await fetchStories(tracker, credentials, request), []));
  const bare = await measure(async () => {
    for (let startAt = 0; startAt < STORIES; startAt += STORY_PAGE) {
      const response = await fetch(`${site(pageMs)}/rest/api/2/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jql: 'x',
          startAt,
          maxResults: STORY_PAGE,
          fields: ['summary', 'description'],
        }),
      });
      JSON.parse(await response.text());
    }
  });
  figures.push({ pageMs, client, bare });
}
const { bytes } = await stats();
child.kill();

console.log(
  `Draft from ${STORIES} Jira DC stories (wiki markup, ${(bytes / 1024 / 1024 / PAGE_MS.length).toFixed(1)} MiB of JSON) in ${STORIES / STORY_PAGE} startAt pages of ${STORY_PAGE} (median of ${RUNS}); ${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(2)}`,
);
for (const { pageMs, client, bare } of figures) {
  const ratio = client.wallMs / client.trackerMs;
  const target =
    pageMs === TARGET_PAGE_MS
      ? ` → target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? 'met' : 'NOT MET'}`
      : ' (stress figure)';
  console.log(`  each page answered in ${pageMs} ms:`);
  console.log(
    `    fetch + draft ${client.wallMs.toFixed(1)} ms; the tracker's own time ${client.trackerMs.toFixed(1)} ms; ratio ${ratio.toFixed(3)}×${target}`,
  );
  console.log(
    `    bare fetch + JSON.parse ${bare.wallMs.toFixed(1)} ms; the tracker's own time ${bare.trackerMs.toFixed(1)} ms; ratio ${(bare.wallMs / bare.trackerMs).toFixed(3)}×`,
  );
}
