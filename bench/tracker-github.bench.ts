// Benchmark of the GitHub Issues adapter (apps/server/src/tracker/github/): fetching 500 finished issues
// (closed as completed, Markdown bodies with five test steps each) from its double, in 5 Link-paged pages of
// 100 answered in 30 ms each, against the Jira Cloud adapter fetching the same 500 stories (ADF) from a Jira
// Cloud double in the same run. Target: GitHub / Jira Cloud ≤ 1.5×. Run: npx tsx bench/tracker-github.bench.ts
import { GitHubTracker } from '../apps/server/src/tracker/github/github-tracker.ts';
import { compareWithJiraCloud } from './tracker-compare.ts';

await compareWithJiraCloud({
  label: 'GitHub adapter',
  kind: 'github',
  adapter: (baseUrl) => new GitHubTracker({ endpoint: { baseUrl } }),
  project: 'bench/app',
  state: 'Closed',
  count: 500,
  pageMs: 30,
  runs: 9,
  targetRatio: 1.5,
});
process.exit(0);
