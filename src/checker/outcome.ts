import { rankLetter, rankValue } from './cards';
import type { Findings } from './findings';
import type { CheckedRules, CheckedTurn } from './schema';

/**
 * A turn's outcome re-judged from its cards (R1, R14-R19, R25, R26, R29,
 * R30): which posts stand, whether a bet was asked, what the third card
 * does, and the odds the table had to show.
 */
export interface JudgedTurn {
  /** The outcome the cards give; `win`/`lose`/`post`/`pass` when a bet was asked. */
  outcome: CheckedTurn['outcome'];
  betAsked: boolean;
}

const ACE_LOW = 1;

export function judgeTurn(
  turn: CheckedTurn,
  rules: CheckedRules,
  remainingAfter: (k: number) => string[] | null,
  f: Findings,
): JudgedTurn | null {
  const n = turn.n;
  const cards = turn.cards.map((c) => c.card);
  let i = 0;
  // R15, R16 `redeal`: any pair of posts followed by more than a third card was redealt.
  while (cards.length - i > 3) {
    const [a, b] = [cards[i] as string, cards[i + 1] as string];
    const calls = redealtPairCalls(turn, i / 2, a, rules, f);
    const redealt = calls.some((call) => {
      const va = call === 'low' && rankLetter(a) === 'A' ? ACE_LOW : rankValue(a);
      const vb = rankValue(b);
      return (va === vb && rules.pair === 'redeal') || (Math.abs(va - vb) === 1 && rules.consecutive === 'redeal');
    });
    if (!redealt) {
      f.violation(
        rules.pair === 'redeal' || rules.consecutive === 'redeal' ? 'R16' : 'R14',
        n,
        `posts ${a} ${b} played (not a redeal)`,
        `${cards.length - i - 2} more cards after them`,
      );
      return null;
    }
    i += 2;
  }
  checkAceCallCount(turn, i / 2 + 1, f);
  if (turn.outcome === null) return null;
  const a = cards[i];
  const b = cards[i + 1];
  if (a === undefined || b === undefined) {
    f.violation('R14', n, 'two posts', `${cards.length - i} card(s)`);
    return null;
  }
  const aceChoice = rules.aceLowChoice && rankLetter(a) === 'A';
  if (aceChoice !== (turn.aceCall !== null)) {
    f.violation('R1', n, aceChoice ? 'an ace call for the first post' : 'no ace call', `aceCall ${turn.aceCall}`);
  }
  const va = turn.aceCall === 'low' && rankLetter(a) === 'A' ? ACE_LOW : rankValue(a);
  const vb = rankValue(b);
  const third = cards[i + 2];
  const left = () => remainingAfter(i + 2);
  const isPair = va === vb;
  const isConsecutive = Math.abs(va - vb) === 1;

  if (isPair && rules.pair !== 'high-low') {
    if (rules.pair === 'redeal') f.violation('R15', n, `pair ${a} ${b} redealt`, `outcome ${turn.outcome}`);
    else expectNoBet(turn, 'pair', 'R15', f, third);
    return { outcome: 'pair', betAsked: false };
  }
  if (!isPair && isConsecutive) {
    if (rules.consecutive === 'redeal') f.violation('R16', n, `consecutive ${a} ${b} redealt`, `outcome ${turn.outcome}`);
    else expectNoBet(turn, rules.consecutive === 'push' ? 'push' : 'consecutive', 'R16', f, third);
    return { outcome: rules.consecutive === 'push' ? 'push' : 'consecutive', betAsked: false };
  }
  // A bet is asked (R17), after the call on a pair (R29).
  let wins: (card: string) => boolean;
  if (isPair) {
    const allowed = va === 14 ? ['lower'] : va === 2 ? ['higher'] : ['higher', 'lower'];
    if (!turn.call || !allowed.includes(turn.call)) {
      f.violation('R29', n, `a call of ${allowed.join(' or ')} on the pair ${a} ${b}`, `call ${turn.call ?? 'none'}`);
      return null;
    }
    wins = turn.call === 'higher' ? (c) => rankValue(c) > va : (c) => rankValue(c) < va;
  } else {
    if (turn.call) f.violation('R29', n, 'no pair call', `call ${turn.call}`);
    const [low, high] = va < vb ? [va, vb] : [vb, va];
    wins = (c) => rankValue(c) > low && rankValue(c) < high && rankLetter(c) !== rankLetter(a) && rankLetter(c) !== rankLetter(b);
  }
  checkOdds(turn, left(), wins, f);
  if (turn.outcome === 'pass') {
    if (!rules.pass) f.violation('R26', n, 'a bet (passing is off)', 'pass');
    if (third !== undefined) f.violation('R26', n, 'no third card on a pass', `third card ${third}`);
    if (turn.bet !== null) f.violation('R26', n, 'bet null on a pass', `bet ${turn.bet}`);
    return { outcome: 'pass', betAsked: true };
  }
  if (third === undefined) {
    f.violation('R18', n, 'a third card after the bet', `outcome ${turn.outcome} without one`);
    return null;
  }
  if (turn.bet === null) f.violation('R17', n, 'a bet of at least 1', 'bet null');
  const onPost = rankLetter(third) === rankLetter(a) || rankLetter(third) === rankLetter(b);
  const outcome = onPost ? 'post' : wins(third) ? 'win' : 'lose';
  f.same(isPair ? 'R29' : 'R18', n, `outcome of ${a} ${b} then ${third}:`, outcome, turn.outcome);
  return { outcome, betAsked: true };
}

/** The export's `aceCalls` (when there) has one call per pair of posts, the last being the standing pair's `aceCall`. */
function checkAceCallCount(turn: CheckedTurn, pairs: number, f: Findings): void {
  const calls = turn.aceCalls;
  if (calls === undefined || turn.cards.length < 2) return;
  if (calls.length !== pairs || calls.at(-1) !== turn.aceCall) {
    f.violation('R1', turn.n, `${pairs} ace call(s), the last one ${turn.aceCall}`, `aceCalls ${JSON.stringify(calls)}`);
  }
}

/**
 * R1: the calls a redealt pair's first post was read with. An export that
 * records each pair's call (`aceCalls`) is held to it: an ace first with
 * `aceLowChoice` needs its call, and anything else none; an older one, which
 * kept only the last pair's call, allows either.
 */
function redealtPairCalls(turn: CheckedTurn, pair: number, first: string, rules: CheckedRules, f: Findings): ('low' | 'high')[] {
  const aceChoice = rules.aceLowChoice && rankLetter(first) === 'A';
  if (turn.aceCalls === undefined) return aceChoice ? ['low', 'high'] : ['high'];
  const call = turn.aceCalls[pair] ?? null;
  if (aceChoice !== (call !== null)) {
    f.violation(
      'R1',
      turn.n,
      aceChoice ? `an ace call for the redealt post ${first}` : `no ace call for the redealt post ${first}`,
      `aceCall ${call}`,
    );
  }
  return [call ?? 'high'];
}

function expectNoBet(turn: CheckedTurn, outcome: string, rule: string, f: Findings, third: string | undefined): void {
  f.same(rule, turn.n, 'outcome', outcome, turn.outcome);
  if (third !== undefined) f.violation(rule, turn.n, 'no third card', `third card ${third}`);
  if (turn.bet !== null || turn.odds !== null || (turn.limit ?? null) !== null) {
    f.violation(rule, turn.n, 'no bet, odds or limit', `bet ${turn.bet}, odds ${JSON.stringify(turn.odds)}, limit ${turn.limit}`);
  }
}

/** R25: winners / remaining, counted from the cards still in the deck. */
function checkOdds(turn: CheckedTurn, left: string[] | null, wins: (card: string) => boolean, f: Findings): void {
  if (!turn.odds) {
    f.violation('R25', turn.n, 'the odds shown before the bet', 'odds null');
    return;
  }
  if (!left || left.length === 0) return; // the deck ran dry after the posts: the odds came from a fresh one
  let winners = 0;
  for (const card of left) if (wins(card)) winners++;
  f.same('R25', turn.n, 'odds', `${winners}/${left.length}`, `${turn.odds.winners}/${turn.odds.remaining}`);
}
