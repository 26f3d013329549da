// The shared harness of the tracker-adapter benchmarks (tracker-github.bench.ts, tracker-linear.bench.ts):
// fetching the same finished stories through an adapter against its double and through the Jira Cloud
// adapter against a Jira Cloud double, in the same run, each double in a process of its own
// (tracker-doubles.ts) answering each page after the same fixed time; it prints both medians and their
// ratio against the target.
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { JiraCloudTracker } from '../apps/server/src/tracker/cloud/cloud-tracker.ts';
import type { Tracker } from '../apps/server/src/tracker/tracker.ts';
import { median, sampleAsync } from './stats.ts';

const BENCH_CREDENTIALS = { email: 'bench@agency.example', apiToken: 'bench-token' };

/** Starts a double (a kind tracker-doubles.ts knows) in its own process; resolves with its base URL. */
async function startDouble(kind: string, count: number, pageMs: number): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      new URL('./tracker-doubles.ts', import.meta.url).pathname,
      kind,
      String(count),
      String(pageMs),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  process.once('exit', () => child.kill());
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the ${kind} double stopped (${code})`)));
  });
  return (JSON.parse(line) as { url: string }).url;
}

interface Comparison {
  /** The adapter's name, as the report says it. */
  label: string;
  /** The double's kind in tracker-doubles.ts. */
  kind: string;
  /** The adapter, made for the double's base URL. */
  adapter: (baseUrl: string) => Tracker;
  /** The project whose finished stories are fetched, and the state that means finished. */
  project: string;
  state: string;
  count: number;
  pageMs: number;
  runs: number;
  targetRatio: number;
}

/** Measures both adapters and prints the figures; returns the ratio (adapter / Jira Cloud). */
export async function compareWithJiraCloud(c: Comparison): Promise<number> {
  const [url, jiraUrl] = await Promise.all([
    startDouble(c.kind, c.count, c.pageMs),
    startDouble('jira-cloud', c.count, c.pageMs),
  ]);
  const adapter = c.adapter(url);
  const jira = new JiraCloudTracker({ endpoint: { baseUrl: jiraUrl }, issueTypes: ['Story'] });
  const fetchAll = async (tracker: Tracker, project: string, state: string) => {
    const stories = await tracker.searchStories(BENCH_CREDENTIALS, { project, states: [state] });
    if (stories.length !== c.count)
      throw new Error(`${tracker.kind} fetched ${stories.length} stories, not ${c.count}`);
    if (!stories[0]?.testSteps.length) throw new Error(`${tracker.kind} read no test steps`);
  };
  const adapterRun = () => fetchAll(adapter, c.project, c.state);
  const jiraRun = () => fetchAll(jira, 'BENCH', 'Done');
  for (let i = 0; i < 2; i++) await Promise.all([adapterRun(), jiraRun()]); // warm-up
  // Interleaved, so a busy moment of the shared machine falls on both.
  const adapterTimes: number[] = [];
  const jiraTimes: number[] = [];
  for (let i = 0; i < c.runs; i++) {
    adapterTimes.push(...(await sampleAsync(adapterRun, { runs: 1, warmups: 0 })));
    jiraTimes.push(...(await sampleAsync(jiraRun, { runs: 1, warmups: 0 })));
  }
  const adapterMs = median(adapterTimes);
  const jiraMs = median(jiraTimes);
  const ratio = adapterMs / jiraMs;
  const pages = Math.ceil(c.count / 100);
  console.log(
    `Fetching ${c.count} finished stories (${pages} pages of 100, each answered in ${c.pageMs} ms), median of ${c.runs}:`,
  );
  console.log(`  ${c.label.padEnd(22)} ${adapterMs.toFixed(1)} ms`);
  console.log(`  ${'Jira Cloud adapter'.padEnd(22)} ${jiraMs.toFixed(1)} ms (reference, same run)`);
  console.log(
    `  ratio ${ratio.toFixed(2)}× → target ≤ ${c.targetRatio}×: ${ratio <= c.targetRatio ? 'met' : 'NOT MET'}`,
  );
  const load = loadavg()[0]!;
  console.log(`  node ${process.version}, ${cpus().length} CPUs, load average ${load.toFixed(2)}`);
  return ratio;
}
