import { checkNight, formatFinding, type Finding } from '../../src/checker';
import { matrixNight } from './nightMatrix';
import { simulateNight } from './simulation';

/**
 * Plays simulated nights i = from .. to - 1 over every house setting
 * (nightMatrix.ts), with every host action (hostMoves: 'every'), and
 * re-judges each export with the night checker. Returns the nights with
 * findings, and how many nights each rule was found broken in.
 */
export interface CheckedNights {
  nights: number;
  /** Nights with a rule broken (findings of kind `violation`). */
  withFindings: { night: number; findings: Finding[] }[];
  byRule: Record<string, number>;
  /** What the exports did not hold enough facts to judge (kind `cannot-check`), by rule: nights. */
  cannotCheck: Record<string, number>;
}

export function checkSimulatedNights(from: number, to: number): CheckedNights {
  const withFindings: CheckedNights['withFindings'] = [];
  const byRule: Record<string, number> = {};
  const cannotCheck: Record<string, number> = {};
  for (let i = from; i < to; i++) {
    const exported = simulateNight({ ...matrixNight(i), hostMoves: 'every' });
    const all = checkNight(JSON.parse(JSON.stringify(exported)));
    for (const rule of new Set(all.filter((f) => f.kind === 'cannot-check').map((f) => f.rule)))
      cannotCheck[rule] = (cannotCheck[rule] ?? 0) + 1;
    const findings = all.filter((f) => f.kind === 'violation');
    if (findings.length === 0) continue;
    withFindings.push({ night: i, findings });
    for (const rule of new Set(findings.map((f) => f.rule))) byRule[rule] = (byRule[rule] ?? 0) + 1;
  }
  return { nights: to - from, withFindings, byRule, cannotCheck };
}

/** The first findings, one line each, for a failing test's message. */
export function describeFindings(result: CheckedNights, limit = 20): string {
  const lines = result.withFindings.flatMap(({ night, findings }) => findings.map((f) => `night ${night}: ${formatFinding(f)}`));
  return `${result.withFindings.length} of ${result.nights} nights with findings, by rule ${JSON.stringify(result.byRule)}; cannot check ${JSON.stringify(result.cannotCheck)}\n${lines.slice(0, limit).join('\n')}`;
}
