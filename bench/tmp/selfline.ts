import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
const hits = new Map<number, number>();
for (const s of p.samples) hits.set(s, (hits.get(s) ?? 0) + 1);
const ms = (p.endTime - p.startTime) / 1000 / p.samples.length;
const agg = new Map<string, number>();
const parent = new Map<number, any>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n);
for (const n of p.nodes) {
  if (!new RegExp(process.argv[3]!).test(n.callFrame.url + ' ' + n.callFrame.functionName)) continue;
  const par = parent.get(n.id);
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '')}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber} <- ${par?.callFrame.functionName}`;
  agg.set(key, (agg.get(key) ?? 0) + (hits.get(n.id) ?? 0));
}
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v * ms).toFixed(0).padStart(7), k);
