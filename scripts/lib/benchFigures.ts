/**
 * The figures of one `npm run bench` run, read from its output (one JSON object
 * a line; a line that is not JSON but reads "label: 12.3 ms" is taken too, for a
 * version whose bench printed text). Each figure has a name that stays the same
 * from version to version (the line's `bench`, its `history` when it has one,
 * and the field), so two versions' runs can be compared figure by figure.
 */

export interface Figure {
  value: number;
  /** Whether a smaller number is better (times, bytes, memory) or a larger one (actions or turns a second). */
  lowerIsBetter: boolean;
  /**
   * Whether a worse figure fails the comparison. Only headline figures gate: the
   * worst and best samples, and what measures the machine rather than the code
   * (the disk's floor, setup times), are shown but never fail it.
   */
  gates: boolean;
}

export type Figures = Map<string, Figure>;

/** Fields that say how much was measured, not how fast: never figures. */
const COUNTS = new Set([
  'count',
  'samples',
  'turns',
  'windows',
  'nights',
  'players',
  'bets',
  'lines',
  'distinctNights',
  'turnsPerNight',
  'phonesInCommitment',
  'ratio',
  'timesOneNightP99',
]);
/** Figures that are shown but do not gate: single extreme samples and spreads. */
// heapUsedMb: sampled between garbage collections, it moves with where the last one fell; retainedHeapMb gates.
const DIAGNOSTIC_FIELDS = /^(max|maxMs|worstMs|bestMs|slowestWindow|fastestWindow|sinceProcessStartMs|heapUsedMb)$/;
/** Lines that measure the machine or the setup, not the version's code. */
const MACHINE_LINES = new Set(['append-floor', 'history-made', 'done']);
/**
 * Fields of a line that time the bench making its own data before it measures (as `history-made` does as a whole
 * line): how fast the bench writes its test histories is not a figure a host meets.
 */
const SETUP_FIELDS = /^setup[A-Z]/;
/** Figures where more is better: a field named so, or a line whose unit is a rate (its windows too). */
const HIGHER_IS_BETTER = /(PerSecond|\/s$)/;

export function figuresOfBenchOutput(output: string): Figures {
  const figures: Figures = new Map();
  for (const raw of output.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const parsed = parseJsonLine(line);
    if (parsed) addJsonLine(figures, parsed);
    else addTextLine(figures, line);
  }
  return figures;
}

function parseJsonLine(line: string): Record<string, unknown> | null {
  if (!line.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function addJsonLine(figures: Figures, line: Record<string, unknown>): void {
  const bench = typeof line.bench === 'string' ? line.bench : typeof line.name === 'string' ? line.name : null;
  if (bench === null || bench === 'error' || 'skipped' in line) return;
  const name = typeof line.history === 'string' ? `${bench} [${line.history}]` : bench;
  const unit = typeof line.unit === 'string' ? line.unit : '';
  for (const [field, value] of Object.entries(line)) {
    if (typeof value !== 'number' || !Number.isFinite(value) || COUNTS.has(field)) continue;
    const shownField = field === 'value' && unit ? `value (${unit})` : field;
    figures.set(`${name} ${shownField}`, {
      value,
      lowerIsBetter: !HIGHER_IS_BETTER.test(field) && !(HIGHER_IS_BETTER.test(unit) && (field === 'value' || /Window$/.test(field))),
      gates: !MACHINE_LINES.has(bench) && !DIAGNOSTIC_FIELDS.test(field) && !SETUP_FIELDS.test(field),
    });
  }
}

/** "night load: 7.0 ms", "actions a second = 5087": a label, a number, maybe a unit. */
const TEXT_FIGURE = /^([A-Za-z][\w ,.()/'-]*?)\s*[:=]\s*(-?\d+(?:\.\d+)?)\s*([A-Za-z/%]*)/;

function addTextLine(figures: Figures, line: string): void {
  const match = TEXT_FIGURE.exec(line);
  if (!match) return;
  const [, label = '', number = '', unit = ''] = match;
  const name = unit ? `${label.trim()} (${unit})` : label.trim();
  figures.set(name, { value: Number(number), lowerIsBetter: !/(\/s|second)/i.test(`${label} ${unit}`), gates: true });
}
