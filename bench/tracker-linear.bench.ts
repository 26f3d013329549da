// Benchmark of the Linear adapter (apps/server/src/tracker/linear/): fetching 500 finished issues (state type
// completed, Markdown descriptions with five test steps each) from the Linear double, which validates and
// executes each GraphQL document, in 5 `first`/`after` pages of 100 answered in 30 ms each, against the Jira
// Cloud adapter fetching the same 500 stories (ADF) from a Jira Cloud double in the same run (the shared
// harness, tracker-compare.ts). Target: Linear / Jira Cloud ≤ 1.5×. Run: npx tsx bench/tracker-linear.bench.ts
import { LinearTracker } from '../apps/server/src/tracker/linear/linear-tracker.ts';
import { compareWithJiraCloud } from './tracker-compare.ts';

await compareWithJiraCloud({
  label: 'Linear adapter',
  kind: 'linear',
  adapter: (baseUrl) => new LinearTracker({ endpoint: { baseUrl }, issueTypes: [] }),
  project: 'BENCH',
  state: 'Done',
  count: 500,
  pageMs: 30,
  runs: 9,
  targetRatio: 1.5,
});
process.exit(0);
