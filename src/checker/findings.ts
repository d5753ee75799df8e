/**
 * What the checker reports: a rule broken (`violation`) or a rule the export
 * does not hold enough facts to judge (`cannot-check`).
 */
export interface Finding {
  /** The rule id of docs/rules.md: R1-R33, M1-M4. */
  rule: string;
  kind: 'violation' | 'cannot-check';
  /** The turn concerned, or null for the night as a whole. */
  turn: number | null;
  /** What the rules say should be there, and what the export says. */
  expected: string;
  found: string;
}

export class Findings {
  readonly list: Finding[] = [];

  violation(rule: string, turn: number | null, expected: string, found: string): void {
    this.list.push({ rule, kind: 'violation', turn, expected, found });
  }

  cannotCheck(rule: string, turn: number | null, why: string): void {
    this.list.push({ rule, kind: 'cannot-check', turn, expected: why, found: 'not in the export' });
  }

  /** Compares two values as text; records a violation when they differ. Returns whether they matched. */
  same(rule: string, turn: number | null, what: string, expected: unknown, found: unknown): boolean {
    const e = typeof expected === 'string' ? expected : JSON.stringify(expected);
    const f = typeof found === 'string' ? found : JSON.stringify(found);
    if (e === f) return true;
    this.violation(rule, turn, `${what} ${e}`, `${what} ${f}`);
    return false;
  }
}

export function formatFinding(f: Finding): string {
  const where = f.turn === null ? 'night' : `turn ${f.turn}`;
  if (f.kind === 'cannot-check') return `${f.rule} ${where}: cannot check: ${f.expected}`;
  return `${f.rule} ${where}: expected ${f.expected}, found ${f.found}`;
}
