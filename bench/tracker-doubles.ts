// The trackers' doubles for bench/tracker-adapters.bench.ts, each in this process of its own (as a tracker
// is on another machine: its work is not charged to the adapter): `npx tsx bench/tracker-doubles.ts KIND N`
// starts KIND's double with N finished stories, each with the same description (a paragraph, a heading,
// `#test#` and five steps with a link and bold text) in the kind's own format, and prints
// {"url": …, "token": …} on one line. Every page is answered after PAGE_MS, as a tracker's own time.
import { fileURLToPath } from 'node:url';
import { startFakeGitHub } from '../apps/server/src/testing/fake-github.ts';
import { sendJson, startFakeJira } from '../apps/server/src/testing/fake-jira.ts';
import { startFakeLinear } from '../apps/server/src/testing/fake-linear.ts';

export const DOUBLE_KINDS = ['jira-cloud', 'linear', 'github'] as const;
export type DoubleKind = (typeof DOUBLE_KINDS)[number];
/** Stories per page every adapter asks for (Jira Cloud's maxResults, Linear's first). */
const PAGE_MS = Number(process.env.PAGE_MS ?? 30);

const summary = (n: number) =>
  `As a user I want feature ${n} so that the work goes faster and the client is happy.`;
const step = (s: number) => ({
  before: `Step ${s}: open `,
  link: 'the page',
  after: ' and check the ',
  bold: 'result',
});

function markdown(n: number): string {
  const steps = [1, 2, 3, 4, 5].map((s) => {
    const { before, link, after, bold } = step(s);
    return `- ${before}[${link}](https://app.example.com/x) ${after.trim()} **${bold}**`;
  });
  return [summary(n), '', '### Acceptance criteria', '#test#', ...steps].join('\n');
}

function adf(n: number) {
  const text = (value: string, marks?: object[]) =>
    marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
  const paragraph = (...content: object[]) => ({ type: 'paragraph', content });
  const items = [1, 2, 3, 4, 5].map((s) => {
    const { before, link, after, bold } = step(s);
    return {
      type: 'listItem',
      content: [
        paragraph(
          text(before),
          text(link, [{ type: 'link', attrs: { href: 'https://app.example.com/x' } }]),
          text(after),
          text(bold, [{ type: 'strong' }]),
        ),
      ],
    };
  });
  return {
    type: 'doc',
    version: 1,
    content: [
      paragraph(text(summary(n))),
      { type: 'heading', attrs: { level: 3 }, content: [text('Acceptance criteria')] },
      paragraph(text('#test#')),
      { type: 'bulletList', content: items },
    ],
  };
}

async function startJiraCloud(count: number) {
  const issues = Array.from({ length: count }, (_, i) => ({
    id: String(10_000 + i),
    key: `BENCH-${i + 1}`,
    fields: { summary: `Story ${i + 1}`, status: { name: 'Done' }, description: adf(i + 1) },
  }));
  const jira = await startFakeJira(async (request, response) => {
    await new Promise((resolve) => setTimeout(resolve, PAGE_MS));
    if (request.path !== '/rest/api/3/search/jql') return sendJson(response, 404, { errorMessages: [] });
    const asked = (request.method === 'POST' ? request.json : Object.fromEntries(request.query)) as Record<
      string,
      unknown
    >;
    const start = Number(asked.nextPageToken ?? 0);
    const size = Math.min(Number(asked.maxResults ?? 50), 100);
    const end = start + size;
    sendJson(response, 200, {
      issues: issues.slice(start, end),
      ...(end < count ? { nextPageToken: String(end) } : {}),
      isLast: end >= count,
    });
  });
  return { url: jira.url, token: 'bench-token' };
}

async function startLinear(count: number) {
  const linear = await startFakeLinear({
    users: [{ id: 'bench', name: 'Bench', email: 'bench@example.com', apiKey: 'lin_api_bench' }],
  });
  linear.answerDelayMs = PAGE_MS;
  linear.addTeam('BENCH', 'Bench');
  for (let i = 0; i < count; i++) {
    linear.addIssue('BENCH', { title: `Story ${i + 1}`, state: 'Done', description: markdown(i + 1) });
  }
  return { url: linear.url, token: 'lin_api_bench' };
}

/** GitHub's double without its schema checks (the tests' job): the benchmark measures the adapter. */
async function startGitHub(count: number) {
  const github = await startFakeGitHub({
    users: [{ login: 'bench', id: 1, token: 'ghp_bench' }],
    repos: ['bench/app'],
    checks: false,
  });
  github.answerDelayMs = PAGE_MS;
  for (let n = 1; n <= count; n++) {
    github.issues.push({
      repo: 'bench/app',
      number: n,
      title: `Story ${n}`,
      body: markdown(n),
      state: 'closed',
      state_reason: 'completed',
      labels: [],
    });
  }
  // A repository's finished stories: the issues closed as completed.
  return { url: github.url, token: 'ghp_bench', project: 'bench/app', state: 'Closed' };
}

/** A started double: where it is, the token it takes, and (when not BENCH and Done) its project and finished state. */
interface StartedDouble {
  url: string;
  token: string;
  project?: string;
  state?: string;
}

const STARTERS: Record<DoubleKind, (count: number) => Promise<StartedDouble>> = {
  'jira-cloud': startJiraCloud,
  linear: startLinear,
  github: startGitHub,
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const kind = process.argv[2] as DoubleKind;
  const started = await STARTERS[kind](Number(process.argv[3]));
  process.stdout.write(`${JSON.stringify(started)}\n`);
}
