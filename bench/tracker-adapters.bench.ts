// Benchmark of every tracker adapter against the Jira Cloud adapter in the same run: fetching 500 finished
// stories (each with a paragraph, a heading, `#test#` and five steps with a link and bold text, in the
// tracker's own format) through the adapter (tracker/trackers.ts makes it, as for a site) from its double
// (bench/tracker-doubles.ts, in a process of its own), pages of 100 one after another. Each double answers
// a page after a fixed time: 0 ms (the adapters' and doubles' own cost only) and 30 ms (a fast tracker).
// Target: each adapter within 1.5× of Jira Cloud's time. Reference: the Jira Cloud adapter, same run, its
// runs interleaved with the others'.
// Run: npx tsx bench/tracker-adapters.bench.ts
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Trackers } from '../apps/server/src/tracker/trackers.ts';
import { median } from './stats.ts';
import { DOUBLE_KINDS, type DoubleKind } from './tracker-doubles.ts';

const STORIES = 500;
const PAGE_MS = [0, 30];
const RUNS = 9;
const TARGET_RATIO = 1.5;

async function startDouble(kind: DoubleKind, pageMs: number) {
  const child = spawn('npx', ['tsx', 'bench/tracker-doubles.ts', kind, String(STORIES)], {
    env: { ...process.env, PAGE_MS: String(pageMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await createInterface({ input: child.stdout! })
    [Symbol.asyncIterator]()
    .next()
    .then((r) => [r.value as string]);
  const { url, token, project, state } = JSON.parse(line!) as {
    url: string;
    token: string;
    project?: string;
    state?: string;
  };
  return { url, token, project: project ?? 'BENCH', state: state ?? 'Done', stop: () => child.kill() };
}

const trackers = new Trackers(undefined as never, { issueTypes: ['Story'] }, (url, init) => fetch(url, init));

/** A kind's adapter, made for its double as for a site, and one timed fetch of every finished story. */
async function fetcherOf(kind: DoubleKind, pageMs: number) {
  const double = await startDouble(kind, pageMs);
  const tracker = trackers.forSite({ kind, baseUrl: double.url });
  const credentials = { email: 'bench@example.com', apiToken: double.token };
  const fetchAll = async () => {
    const started = performance.now();
    const stories = await tracker.searchStories(credentials, {
      project: double.project,
      states: [double.state],
    });
    if (stories.length !== STORIES || stories[0]!.testSteps.length !== 5) {
      throw new Error(`${kind}: ${stories.length} stories, ${stories[0]?.testSteps.length} steps`);
    }
    return performance.now() - started;
  };
  return { kind, fetchAll, stop: double.stop };
}

let failed = false;
for (const pageMs of PAGE_MS) {
  const fetchers = await Promise.all(DOUBLE_KINDS.map((kind) => fetcherOf(kind, pageMs)));
  try {
    for (const { fetchAll } of fetchers) await fetchAll(); // warm-up
    // Run by run, every kind in turn: a busy moment of the shared machine falls on all of them.
    const times = new Map(fetchers.map(({ kind }) => [kind, [] as number[]]));
    for (let i = 0; i < RUNS; i++) {
      for (const { kind, fetchAll } of fetchers) times.get(kind)!.push(await fetchAll());
    }
    const jira = median(times.get('jira-cloud')!);
    console.log(`${STORIES} stories, ${pageMs} ms per page: jira-cloud ${jira.toFixed(1)} ms (reference)`);
    for (const kind of DOUBLE_KINDS.filter((k) => k !== 'jira-cloud')) {
      const ms = median(times.get(kind)!);
      const ratio = ms / jira;
      const ok = ratio <= TARGET_RATIO;
      failed ||= !ok;
      console.log(
        `  ${kind} ${ms.toFixed(1)} ms: ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×) ${ok ? 'ok' : 'MISSED'}`,
      );
    }
  } finally {
    for (const { stop } of fetchers) stop();
  }
}
process.exitCode = failed ? 1 : 0;
