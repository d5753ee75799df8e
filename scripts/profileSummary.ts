/**
 * `tsx scripts/profileSummary.ts FILE.cpuprofile [--top N] [--under NAME]`: a V8 CPU profile
 * (node --cpu-prof) as two tables: the functions with the most time of their own (self), and the
 * most time spent inside them, callees included (total; a recursive function counted once per
 * sample). `--under NAME` keeps only the samples taken inside a function of that name (e.g. runNow),
 * and gives each row as a share of that function's time. Used for docs/benchmarks-profile.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, under: { type: 'string' } },
});
const file = positionals[0];
if (!file) {
  process.stderr.write('usage: tsx scripts/profileSummary.ts FILE.cpuprofile [--top N] [--under NAME]\n');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const label = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${path.relative(process.cwd(), url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
};

const self = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  const stack: ProfileNode[] = [];
  for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) stack.push(byId.get(id)!);
  if (values.under && !stack.some((n) => n.callFrame.functionName === values.under)) continue;
  all += ms;
  const leaf = stack[0]!;
  self.set(label(leaf), (self.get(label(leaf)) ?? 0) + ms);
  for (const name of new Set(stack.map(label))) total.set(name, (total.get(name) ?? 0) + ms);
}

const top = Number(values.top);
const table = (title: string, figures: Map<string, number>) => {
  const rows = [...figures].sort((a, b) => b[1] - a[1]).slice(0, top);
  process.stdout.write(`\n${title}\n\n| ms | share | function |\n|---:|---:|---|\n`);
  for (const [name, ms] of rows) process.stdout.write(`| ${ms.toFixed(0)} | ${((100 * ms) / all).toFixed(1)} % | ${name} |\n`);
};
process.stdout.write(`${values.under ? `samples inside ${values.under}` : 'all samples'}: ${all.toFixed(0)} ms\n`);
table('Self time', self);
table('Total time (callees included)', total);
