import type { Figure, Figures } from './benchFigures';

/**
 * Two versions' bench rounds compared figure by figure (scripts/benchCompare.ts).
 *
 * On a shared machine an absolute figure moves 2x between runs minutes apart,
 * so a figure is judged by its rounds, not by one number: the two medians and
 * their ratio, and whether the rounds of one version are apart from the other's
 * beyond what the rounds' own spread explains. That test is the one-sided
 * Mann-Whitney (rank-sum) test, exact for the few rounds run here: with 3 rounds
 * each, "beyond the noise" means every round of one version is worse than every
 * round of the other (a 1 in 20 chance when the versions are the same speed).
 */

interface ComparedFigure {
  name: string;
  refMedian: number;
  thisMedian: number;
  /** this / ref. */
  ratio: number;
  lowerIsBetter: boolean;
  /** Which way the medians lean, and whether the rounds are apart beyond their noise. */
  verdict: 'worse' | 'better' | 'same';
  beyondNoise: boolean;
  gates: boolean;
  /** More than the allowed slack worse, beyond the noise: fails the comparison. */
  fails: boolean;
}

export interface ComparisonOptions {
  /** How much worse a figure may be before it fails (0.1 = 10 %). */
  slack: number;
  /** The one-sided p-value at or under which rounds are apart beyond their noise. */
  alpha: number;
}

export const DEFAULT_COMPARISON: ComparisonOptions = { slack: 0.1, alpha: 0.05 };

export interface Comparison {
  figures: ComparedFigure[];
  /** Figures only one version printed (a bench added or renamed). */
  onlyRef: string[];
  onlyThis: string[];
  /**
   * Of `onlyRef`, the figures that gate: the ref measured them and this tree printed no value (a bench that broke, a
   * wait that timed out, a figure renamed). They fail the comparison, or a figure could stop being measured unseen.
   */
  lost: string[];
  failed: boolean;
}

export function compareRounds(refRounds: readonly Figures[], thisRounds: readonly Figures[], options = DEFAULT_COMPARISON): Comparison {
  const inEvery = (rounds: readonly Figures[]) =>
    rounds.length === 0 ? new Set<string>() : new Set([...rounds[0]!.keys()].filter((name) => rounds.every((r) => r.has(name))));
  const refNames = inEvery(refRounds);
  const thisNames = inEvery(thisRounds);
  const figures: ComparedFigure[] = [];
  for (const name of thisNames) {
    if (!refNames.has(name)) continue;
    const kind = thisRounds[0]!.get(name) as Figure;
    figures.push(compareFigure(name, kind, valuesOf(refRounds, name), valuesOf(thisRounds, name), options));
  }
  const onlyRef = [...refNames].filter((n) => !thisNames.has(n));
  const lost = onlyRef.filter((name) => refRounds[0]!.get(name)?.gates === true);
  return {
    figures,
    onlyRef,
    onlyThis: [...thisNames].filter((n) => !refNames.has(n)),
    lost,
    failed: figures.some((f) => f.fails) || lost.length > 0,
  };
}

function valuesOf(rounds: readonly Figures[], name: string): number[] {
  return rounds.map((r) => (r.get(name) as Figure).value);
}

function compareFigure(name: string, kind: Figure, ref: number[], mine: number[], options: ComparisonOptions): ComparedFigure {
  const refMedian = median(ref);
  const thisMedian = median(mine);
  // Everything below in "badness": larger is worse, whichever way the figure runs.
  const bad = (x: number) => (kind.lowerIsBetter ? x : -x);
  const worseP = mannWhitneyP(mine.map(bad), ref.map(bad));
  const betterP = mannWhitneyP(ref.map(bad), mine.map(bad));
  // Failing needs the rounds apart even after the slack is granted: each of this version's rounds against the ref's made worse by it.
  const slackened = ref.map((x) => bad(kind.lowerIsBetter ? x * (1 + options.slack) : x / (1 + options.slack)));
  const failsP = mannWhitneyP(mine.map(bad), slackened);
  const leansWorse = bad(thisMedian) > bad(refMedian);
  const leansBetter = bad(thisMedian) < bad(refMedian);
  return {
    name,
    refMedian,
    thisMedian,
    ratio: refMedian === 0 ? (thisMedian === 0 ? 1 : Number.POSITIVE_INFINITY) : thisMedian / refMedian,
    lowerIsBetter: kind.lowerIsBetter,
    verdict: leansWorse ? 'worse' : leansBetter ? 'better' : 'same',
    beyondNoise: leansWorse ? worseP <= options.alpha : leansBetter ? betterP <= options.alpha : false,
    gates: kind.gates,
    fails: kind.gates && failsP <= options.alpha,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * The exact one-sided p-value that `xs` are larger than `ys` by chance: the share
 * of all ways to split the pooled samples into groups of these sizes whose U is
 * at least the one observed (U counts the pairs where x > y, a tie as half).
 * @internal exported for tests only
 */
export function mannWhitneyP(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const m = ys.length;
  if (n === 0 || m === 0) return 1;
  let u = 0;
  for (const x of xs) for (const y of ys) u += x > y ? 1 : x === y ? 0.5 : 0;
  const counts = uDistribution(n, m);
  const total = counts.reduce((a, b) => a + b, 0);
  let atLeast = 0;
  for (let k = Math.ceil(u); k < counts.length; k++) atLeast += counts[k] as number;
  return atLeast / total;
}

/** How many of the C(n+m, n) splits have U = 0, 1, ..., n*m (the classic recurrence on the largest sample). */
function uDistribution(n: number, m: number): number[] {
  const memo = new Map<string, number[]>();
  const f = (a: number, b: number): number[] => {
    if (a === 0 || b === 0) return [1, ...Array<number>(a * b).fill(0)];
    const key = `${a},${b}`;
    const known = memo.get(key);
    if (known) return known;
    // The largest of the pooled samples is either an x (it beats all b y's) or a y (it adds nothing).
    const withX = f(a - 1, b);
    const withY = f(a, b - 1);
    const out = Array<number>(a * b + 1).fill(0);
    withX.forEach((c, u) => (out[u + b] = (out[u + b] as number) + c));
    withY.forEach((c, u) => (out[u] = (out[u] as number) + c));
    memo.set(key, out);
    return out;
  };
  return f(n, m);
}

/** The comparison as a Markdown table, in the order the bench printed its figures. */
export function comparisonTable(comparison: Comparison, refLabel: string, thisLabel: string, slack = DEFAULT_COMPARISON.slack): string {
  const rows = [
    `| figure | ${refLabel} | ${thisLabel} | ratio | |`,
    '|---|---:|---:|---:|---|',
    ...comparison.figures.map((f) => {
      const direction = f.lowerIsBetter ? '' : ' (higher is better)';
      const judged = f.verdict === 'same' ? 'same' : `${f.verdict}${f.beyondNoise ? ', beyond the noise' : ', within the noise'}`;
      const flag = f.fails ? ` **FAILS (> ${Math.round(slack * 100)} % worse)**` : f.gates ? '' : ' (not gated)';
      return `| ${f.name}${direction} | ${round(f.refMedian)} | ${round(f.thisMedian)} | ${round(f.ratio)}x | ${judged}${flag} |`;
    }),
  ];
  if (comparison.lost.length > 0)
    rows.push(
      '',
      `**LOST**, measured by ${refLabel} but not by ${thisLabel} (a bench that broke or a figure renamed): ${comparison.lost.join(', ')}`,
    );
  const onlyRef = comparison.onlyRef.filter((name) => !comparison.lost.includes(name));
  if (onlyRef.length > 0) rows.push('', `only in ${refLabel}: ${onlyRef.join(', ')}`);
  if (comparison.onlyThis.length > 0) rows.push('', `only in ${thisLabel}: ${comparison.onlyThis.join(', ')}`);
  return rows.join('\n');
}

function round(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const abs = Math.abs(x);
  return abs >= 100 ? x.toFixed(0) : abs >= 10 ? x.toFixed(1) : abs >= 1 ? x.toFixed(2) : x.toFixed(3);
}
