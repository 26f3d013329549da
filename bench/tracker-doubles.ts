// A tracker double in a process of its own, for the tracker benchmarks (tracker-compare.ts): as a real
// tracker would be on another machine, its work is not charged to the adapter measured. It serves `count`
// finished stories with the same words in each tracker's own format, each page answered after `pageMs`,
// and prints its base URL. Run by tracker-compare.ts: node --import tsx bench/tracker-doubles.ts <kind> <count> <pageMs>

import { startFakeGitHub } from '../apps/server/src/testing/fake-github.ts';
import { type FakeRequest, sendJson, startFakeJira } from '../apps/server/src/testing/fake-jira.ts';
import { startFakeLinear } from '../apps/server/src/testing/fake-linear.ts';

const [kind, countText, pageMsText] = process.argv.slice(2);
const count = Number(countText);
const pageMs = Number(pageMsText);
const BENCH_TOKEN = 'bench-token';

/** The description every story has: a user story, then five test steps with a link and bold words. */
const steps = (n: number) =>
  Array.from({ length: 5 }, (_, s) => ({ step: s + 1, url: 'https://app.example.com/x', n }));

function markdownBody(n: number): string | null {
  if (n % 10 === 0) return null;
  return [
    `As a user I want feature ${n} so that the work goes faster and the client is happy.`,
    '',
    '### Acceptance criteria',
    '#test#',
    ...steps(n).map(
      (s) =>
        `1. Step ${s.step}: open [the page](${s.url}) and check the **result**<br>Expected: story ${n} works`,
    ),
  ].join('\n');
}

function adfBody(n: number) {
  if (n % 10 === 0) return null;
  const text = (value: string, marks?: object[]) =>
    marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
  const paragraph = (...content: object[]) => ({ type: 'paragraph', content });
  return {
    type: 'doc',
    version: 1,
    content: [
      paragraph(text(`As a user I want feature ${n} so that the work goes faster and the client is happy.`)),
      { type: 'heading', attrs: { level: 3 }, content: [text('Acceptance criteria')] },
      paragraph(text('#test#')),
      {
        type: 'orderedList',
        content: steps(n).map((s) => ({
          type: 'listItem',
          content: [
            paragraph(
              text(`Step ${s.step}: open `),
              text('the page', [{ type: 'link', attrs: { href: s.url } }]),
              text(' and check the '),
              text('result', [{ type: 'strong' }]),
              { type: 'hardBreak' },
              text(`Expected: story ${n} works`),
            ),
          ],
        })),
      },
    ],
  };
}

async function startJiraCloud(): Promise<string> {
  const fake = await startFakeJira();
  const issues = Array.from({ length: count }, (_, i) => ({
    expand: 'renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations',
    id: String(20_000 + i),
    self: `https://bench.atlassian.net/rest/api/3/issue/${20_000 + i}`,
    key: `BENCH-${i + 1}`,
    fields: { summary: `Story number ${i + 1}`, description: adfBody(i + 1), status: { name: 'Done' } },
  }));
  fake.handle(async (request: FakeRequest, response) => {
    if (!request.path.endsWith('/search/jql'))
      return sendJson(response, 404, { errorMessages: ['no'], errors: {} });
    const asked = (request.method === 'POST' ? request.json : Object.fromEntries(request.query)) as {
      nextPageToken?: string;
      maxResults?: number | string;
    };
    const offset = Number(asked.nextPageToken ?? 0);
    const size = Math.min(Number(asked.maxResults ?? 50), 100);
    const next = offset + size < count ? String(offset + size) : undefined;
    await new Promise((resolve) => setTimeout(resolve, pageMs));
    sendJson(response, 200, {
      issues: issues.slice(offset, offset + size),
      isLast: next === undefined,
      ...(next ? { nextPageToken: next } : {}),
    });
  });
  return fake.url;
}

async function startGitHub(): Promise<string> {
  const github = await startFakeGitHub({
    users: [{ login: 'bench', id: 1, token: BENCH_TOKEN }],
    repos: ['bench/app'],
    checks: false,
  });
  github.answerDelayMs = pageMs;
  for (let n = 1; n <= count; n++) {
    github.issues.push({
      repo: 'bench/app',
      number: n,
      title: `Story number ${n}`,
      body: markdownBody(n),
      state: 'closed',
      state_reason: 'completed',
      labels: [],
    });
  }
  return github.url;
}

async function startLinear(): Promise<string> {
  const linear = await startFakeLinear({
    users: [{ id: 'bench', name: 'Bench', email: 'bench@agency.example', apiKey: BENCH_TOKEN }],
  });
  linear.answerDelayMs = pageMs;
  linear.addTeam('BENCH', 'Bench');
  for (let n = 1; n <= count; n++) {
    linear.addIssue('BENCH', { title: `Story number ${n}`, state: 'Done', description: markdownBody(n) });
  }
  return linear.url;
}

const starters: Record<string, () => Promise<string>> = {
  'jira-cloud': startJiraCloud,
  github: startGitHub,
  linear: startLinear,
};
const start = kind ? starters[kind] : undefined;
if (!start) throw new Error(`no double for ${kind}`);
console.log(JSON.stringify({ url: await start() }));
// Stop with the benchmark, however it ends.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 500).unref();
