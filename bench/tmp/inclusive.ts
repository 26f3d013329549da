import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
const byId = new Map<number, any>(p.nodes.map((n: any) => [n.id, n]));
const hits = new Map<number, number>();
for (const s of p.samples) hits.set(s, (hits.get(s) ?? 0) + 1);
const ms = (p.endTime - p.startTime) / 1000 / p.samples.length;
const total = new Map<number, number>();
function tot(n: any): number { if (total.has(n.id)) return total.get(n.id)!; let t = hits.get(n.id) ?? 0; for (const c of n.children ?? []) t += tot(byId.get(c)); total.set(n.id, t); return t; }
const agg = new Map<string, number>();
function walk(n: any, seen: Set<string>) {
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace('file:///work/main/', '').replace(/.*node_modules\//, '')}:${n.callFrame.lineNumber}`;
  if (!seen.has(key)) agg.set(key, (agg.get(key) ?? 0) + tot(n));
  const next = new Set(seen); next.add(key);
  for (const c of n.children ?? []) walk(byId.get(c), next);
}
walk(byId.get(p.nodes[0].id), new Set());
const filter = process.argv[3] ? new RegExp(process.argv[3]) : /./;
const busy = p.samples.length - (hits.get([...byId.values()].find((n: any) => n.callFrame.functionName === '(idle)')?.id) ?? 0);
console.log('busy ms', (busy * ms).toFixed(0));
for (const [k, v] of [...agg].filter(([k]) => filter.test(k)).sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[4] ?? 60))) console.log((v * ms).toFixed(0).padStart(7), k);
