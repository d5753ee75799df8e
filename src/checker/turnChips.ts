import type { Findings } from './findings';
import { isActive, type Eligibility } from './rotation';
import type { CheckedEntry, CheckedExport, CheckedTurn } from './schema';

/**
 * The chips of one turn (R5, R15-R18, R21, R28, R30): once corrections and
 * voids are netted out, exactly the move its outcome and bet call for, and
 * the re-ante when it emptied the pot. Returns who re-anted (the pot made
 * again, R27).
 */
export function checkTurnChips(
  night: CheckedExport,
  turn: CheckedTurn,
  outcome: CheckedTurn['outcome'],
  own: CheckedEntry[],
  dealContinues: boolean,
  e: Eligibility,
  trusted: boolean,
  f: Findings,
): string[] {
  const n = turn.n;
  const reversedHere = new Set(own.filter((x) => x.code === 'reversal').map((x) => x.reverses));
  const standing = own.filter((x) => x.code !== 'reversal' && !reversedHere.has(x.id));
  const hasReversal = reversedHere.size > 0;
  if (turn.void) {
    if (standing.length > 0)
      f.violation(
        'R21',
        n,
        'a voided turn with all its chips reversed',
        `${standing.map((x) => `${x.code} ${x.amount}`).join(', ')} standing`,
      );
    return [];
  }
  if (hasReversal && !turn.corrected)
    f.violation('R21', n, 'reversals only on a corrected or voided turn', `${reversedHere.size} reversal(s)`);
  if (turn.corrected && !hasReversal) f.violation('R21', n, 'a corrected bet moved back by reversing entries', 'no reversal');
  if (outcome === null) return [];
  const { rules } = night;
  const player = `player:${turn.player}`;
  const bet = turn.bet ?? 0;
  const expected: { code: string; amount: number; from: string; to: string; rule: string } | null = (() => {
    switch (outcome) {
      case 'pair': {
        const amount = Math.min(rules.pair === 'pays-3' ? 3 : 2, turn.potBefore);
        return amount > 0 ? { code: 'pair-win', amount, from: 'pot', to: player, rule: 'R15' } : null;
      }
      case 'consecutive':
        return { code: 'consecutive-loss', amount: Math.min(1, turn.stackBefore), from: player, to: 'pot', rule: 'R16' };
      case 'win':
        return { code: 'win', amount: bet, from: 'pot', to: player, rule: 'R18' };
      case 'lose':
        return { code: 'bet-lost', amount: bet, from: player, to: 'pot', rule: 'R18' };
      case 'post':
        return {
          code: 'post-loss',
          amount: Math.min(bet * rules.postPays, turn.stackBefore),
          from: player,
          to: 'pot',
          rule: rules.postPays > 1 ? 'R30' : 'R18',
        };
      default:
        return null;
    }
  })();
  const moves = standing.filter((x) => x.code !== 'ante');
  const describe = (x: { code: string; amount: number; from: string; to: string } | null | undefined) =>
    x ? `${x.code} ${x.amount} ${x.from}->${x.to}` : 'no chips';
  const rule = expected?.rule ?? (outcome === 'pass' ? 'R26' : outcome === 'push' ? 'R16' : 'R18');
  if (moves.length > 1 || describe(expected) !== describe(moves[0])) {
    f.violation(rule, n, describe(expected), moves.length ? moves.map(describe).join(', ') : 'no chips');
  }
  let pot = turn.potBefore;
  let stack = turn.stackBefore;
  for (const x of moves) {
    const sign = x.to === 'pot' ? 1 : -1;
    pot += sign * x.amount;
    stack -= sign * x.amount;
  }
  f.same('R24', n, 'potAfter', pot, turn.potAfter);
  f.same('R24', n, 'stackAfter', stack, turn.stackAfter);

  // R5 (and R28: not on a deal's last turn when every deal antes anyway).
  const antes = standing.filter((x) => x.code === 'ante');
  const anted = antes.map((x) => x.player ?? '');
  const dueReAnte = pot === 0 && (rules.anteWhen === 'empty-pot' || dealContinues);
  const owed = dueReAnte ? e.seating.order.filter((id) => isActive(e, id) || anted.includes(id)) : [];
  const ruleOfAnte = rules.anteWhen === 'every-deal' ? 'R28' : 'R5';
  if (
    (trusted && owed.join(',') !== e.seating.order.filter((id) => anted.includes(id)).join(',')) ||
    new Set(anted).size !== anted.length
  ) {
    f.violation(
      ruleOfAnte,
      n,
      owed.length ? `a re-ante by ${owed.join(', ')}` : 'no re-ante',
      anted.length ? `antes by ${anted.join(', ')}` : 'no re-ante',
    );
  }
  return anted;
}
