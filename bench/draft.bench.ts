// Benchmark of the e-mail draft (packages/core draftEmail) on 10,000 realistic stories.
// Run: npx tsx bench/draft.bench.ts   Target: median under 50 ms.
// Reference figure: JSON.stringify of the same input, measured in the same run, so the ratio is comparable
// across machines.

import { cpus, loadavg } from 'node:os';
import { type AdfNode, draftEmail, type Issue } from '@handoff/core';
import { median } from './stats.ts';

const STORIES = 10_000;
const WARMUP_RUNS = 5;
const RUNS = 25;
const TARGET_MS = 50;

// Deterministic pseudo-random numbers (mulberry32), so every run drafts the same input.
let seed = 0x5eed;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

const verbs = [
  'Open',
  'Click',
  'Enter',
  'Check',
  'Select',
  'Upload',
  'Delete',
  'Verify',
  'Log in to',
  'Scroll to',
];
const things = [
  'the login page',
  'Settings',
  'the invoice list',
  'a CSV file',
  'the profile form',
  'the search box',
];
const features = [
  'Password reset',
  'CSV export',
  'Invoice PDF',
  'Team invitations',
  'Dark mode',
  'Audit log',
];

const text = (value: string, marks?: AdfNode['marks']): AdfNode =>
  marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const paragraph = (...content: AdfNode[]): AdfNode => ({ type: 'paragraph', content });

function stepParagraph(n: number): AdfNode {
  const parts: AdfNode[] = [text(`${pick(verbs)} `), text(pick(things), [{ type: 'strong' }])];
  switch (n % 5) {
    case 0:
      parts.push(
        text(' at '),
        text('https://app.example.com/x', [{ type: 'link', attrs: { href: 'https://app.example.com/x' } }]),
      );
      break;
    case 1:
      parts.push({ type: 'hardBreak' }, text('Expected: it works '), {
        type: 'emoji',
        attrs: { shortName: ':white_check_mark:', id: '2705', text: '✅' },
      });
      break;
    case 2:
      parts.push(text(' and ask '), {
        type: 'mention',
        attrs: { id: `acc-${n}`, text: '@Mia Krystof', accessLevel: '' },
      });
      break;
    case 3:
      parts.push(text(' — see '), {
        type: 'inlineCard',
        attrs: { url: `https://team.atlassian.net/browse/EX-${n}` },
      });
      break;
    default:
      parts.push(text(' with '), text('qa+1@example.com', [{ type: 'code' }]));
  }
  return paragraph(...parts);
}

function description(i: number): Issue['description'] {
  const kind = random();
  if (kind < 0.15) return 'N/A';
  const content: AdfNode[] = [
    paragraph(
      text(`As a user I want ${pick(features).toLowerCase()} so that I can get my work done (story ${i}).`),
    ),
    { type: 'heading', attrs: { level: 3 }, content: [text('Acceptance criteria')] },
  ];
  if (kind < 0.3) {
    content.push(paragraph(text('No test notes yet.')));
  } else {
    // Most markers are one text node; some are split by marks, as Jira's editor does.
    content.push(
      kind < 0.9 ? paragraph(text('#test#')) : paragraph(text('#te'), text('st#', [{ type: 'em' }])),
    );
    const steps = between(3, 8);
    const items: AdfNode[] = [];
    for (let s = 0; s < steps; s++) items.push({ type: 'listItem', content: [stepParagraph(i + s)] });
    content.push({ type: random() < 0.7 ? 'bulletList' : 'orderedList', content: items });
  }
  return { type: 'doc', version: 1, content };
}

const issues: Issue[] = [];
const sentKeys: string[] = [];
for (let i = 1; i <= STORIES; i++) {
  const key = `EX-${i}`;
  issues.push({ key, issueHeader: `${pick(features)} #${i}`, description: description(i) });
  if (random() < 0.2) sentKeys.push(key);
}

function measure(run: () => unknown): { median: number; min: number } {
  for (let i = 0; i < WARMUP_RUNS; i++) run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return { median: median(times), min: Math.min(...times) };
}

// The timed run includes reading the whole body once (indexOf flattens V8's string rope), as any consumer does.
const runDraft = () => {
  const result = draftEmail(issues, sentKeys);
  return result.text.indexOf('\u0000');
};
const sample = draftEmail(issues, sentKeys);
const draft = measure(runDraft);
const reference = measure(() => JSON.stringify(issues));
const inputBytes = JSON.stringify(issues).length;

console.log(
  `draftEmail on ${STORIES.toLocaleString('en')} stories (${(inputBytes / 1e6).toFixed(1)} MB as JSON, ${sentKeys.length} already sent)`,
);
console.log(`  included ${sample.includedKeys.length} stories; body ${sample.text.split('\n').length} lines`);
console.log(
  `  draftEmail      median ${draft.median.toFixed(2)} ms (min ${draft.min.toFixed(2)} ms, ${RUNS} runs)`,
);
console.log(
  `  JSON.stringify  median ${reference.median.toFixed(2)} ms (min ${reference.min.toFixed(2)} ms, reference)`,
);
console.log(`  ratio draftEmail / JSON.stringify: ${(draft.median / reference.median).toFixed(2)}`);
console.log(`  target < ${TARGET_MS} ms: ${draft.median < TARGET_MS ? 'met' : 'NOT MET'}`);
const load = loadavg()[0]!;
console.log(`  node ${process.version}, ${cpus().length} CPUs, load average ${load.toFixed(2)}`);
if (load > cpus().length)
  console.log('  (the machine is busy: timings are inflated; the ratio is the steadier figure)');
