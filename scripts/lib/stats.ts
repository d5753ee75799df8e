/** Nearest-rank percentile (q in 0..1) of samples; NaN when there are none. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1] as number;
}

/** Milliseconds rounded to microseconds, for printing. */
export function ms(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export function latencySummary(samples: readonly number[]): { count: number; p50Ms: number; p99Ms: number; maxMs: number } {
  return {
    count: samples.length,
    p50Ms: ms(percentile(samples, 0.5)),
    p99Ms: ms(percentile(samples, 0.99)),
    maxMs: ms(samples.length ? Math.max(...samples) : Number.NaN),
  };
}
