// Where a CPU profile's busy time went: self time by package (node_modules/<name>), our bundle, Node's
// own modules, WebAssembly (PGlite), garbage collection; then the heaviest functions.
// Run: npx tsx bench/profile-summary.ts <file.cpuprofile>
// (make one with BENCH_CPU_PROF=<dir> npx tsx bench/load.bench.ts)
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile>');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const msPerSample = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;

function groupOf({ functionName, url }: ProfileNode['callFrame']): string {
  if (functionName === '(idle)' || functionName === '(program)' || functionName === '(garbage collector)')
    return functionName;
  if (url.startsWith('wasm://') || (!url && /^\$|^wasm-function/.test(functionName)))
    return 'WebAssembly (PGlite)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:') || !url) return 'Node.js internals';
  if (url.includes('/dist/main.js')) return 'Handoff (dist/main.js)';
  return url;
}

const byGroup = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const node of profile.nodes) {
  const ms = (node.hitCount ?? 0) * msPerSample;
  if (!ms) continue;
  const group = groupOf(node.callFrame);
  byGroup.set(group, (byGroup.get(group) ?? 0) + ms);
  const name = `${node.callFrame.functionName || '(anonymous)'} ${group}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
}
const busy = [...byGroup].filter(([g]) => g !== '(idle)').reduce((sum, [, ms]) => sum + ms, 0);
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .filter(([name]) => !name.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([name, ms]) =>
        `  ${((ms / busy) * 100).toFixed(1).padStart(5)}%  ${(ms / 1000).toFixed(2).padStart(6)} s  ${name}`,
    )
    .join('\n');
console.log(
  `Busy ${(busy / 1000).toFixed(1)} s of ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`,
);
console.log(`By package (self time):\n${top(byGroup, 15)}`);
console.log(`Heaviest functions (self time):\n${top(byFunction, 20)}`);
