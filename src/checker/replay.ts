import { checkBetweenTurns, checkEnd } from './between';
import type { DeckWalker } from './decks';
import type { Findings } from './findings';
import { judgeTurn } from './outcome';
import { afterTurn, canDealWith, expectedTurn, isActive, nextPlaying, type Eligibility, type Rotation } from './rotation';
import type { CheckedEntry, CheckedExport, CheckedSeating, CheckedTurn } from './schema';
import type { HostActionFacts } from './hostActions';
import type { CheckedHostAction } from './schema';
import type { SeatingHistory } from './seating';
import { placeHostMoves } from './placement';
import { ChipTable } from './table';
import { checkTurnChips } from './turnChips';

/**
 * Walks the night turn by turn with the ledger alongside (R4-R6, R8,
 * R13-R28, R31-R33): who acts and deals, the cards, the bet limits, every
 * chip the turn moved, and what the host did between turns.
 *
 * A version 4 export says where each turn started in the ledger (`atLedger`)
 * and lists the host's actions in order: the host's moves between two
 * turns are read from it. Older exports do not say when, between two turns,
 * the host's moves (buy-ins, cash-outs) were made: entries with no turn that
 * fall between a turn with no chips of its own and the next are placed
 * before or after it, whichever the turn's pot, stack and player agree with.
 */
export interface Walked {
  table: ChipTable;
  /** The dealer when the night ended (R22's remainder starts on their left). */
  rotation: Rotation;
}

export function walkNight(
  night: CheckedExport,
  history: SeatingHistory,
  drawWinner: string | null,
  walker: DeckWalker,
  f: Findings,
  /** Version 4: the host's actions as recorded, or null for an older export. */
  hostActions: HostActionFacts | null = null,
): Walked {
  const { rules } = night;
  const seatingOf = history.at;
  // Once the seating contradicts the ledger, who acts, deals and antes cannot be judged from it: said once, then left.
  let trusted = true;
  const distrust = (n: number | null) => {
    if (!trusted) return;
    trusted = false;
    f.cannotCheck(
      'R8',
      n,
      'the seating history contradicts itself or the ledger from here on: who acts, deals and antes, and the end split, are not judged after it',
    );
  };
  const table = new ChipTable(rules.ante);
  const ledger = night.ledger;
  const lastOfTurn = new Map<number, number>();
  ledger.forEach((e, i) => {
    if (e.seq !== i) f.violation('R24', e.turn, `ledger entry ${i} with seq ${i}`, `seq ${e.seq}`);
    if (e.turn !== null) lastOfTurn.set(e.turn, i);
  });
  const fromDeal = new Map<string, number>();
  let rotation: Rotation = { dealer: drawWinner, deal: 1, lastPlayer: null, voided: null };
  let waiting: string[] = [];
  let ptr = 0;
  let previous: CheckedTurn | null = null;
  let block: CheckedEntry[] = [];
  let previousSeating = seatingOf(0);

  let seatingNow = seatingOf(0);
  const applyAt = (i: number) => {
    const entry = ledger[i] as CheckedEntry;
    if ((entry.code === 'pot-split' || entry.code === 'carry-out') && ledger[i - 1]?.code !== entry.code) {
      // R22: the seating in force at the end, which a version 4 export records; else the one of the turns around it.
      const recorded = hostActions?.ends.get(entry.id);
      if (recorded && recorded.dealer !== rotation.dealer && trusted)
        f.violation('R22', null, `the deal held by ${rotation.dealer ?? 'nobody'} at the end`, `dealer ${recorded.dealer ?? 'none'}`);
      if (trusted) checkEnd(night, ledger, i, table, recorded?.seating ?? seatingNow, rotation.dealer, f);
    }
    table.apply(entry, f);
    return entry;
  };
  // A turn dealt from a new deck in the middle of a deal with 3 or more cards left: only a reopened night (R33) does that.
  const dealtFrom = new Map<string, number>();
  const newDeckAt = night.turns.map((turn, i) => turn.cards[0]?.deck !== night.turns[i - 1]?.cards.at(-1)?.deck);
  const freshForNoReason = night.turns.map((turn, i) => {
    const before = night.turns[i - 1];
    const lastDeck = before?.cards[before.cards.length - 1]?.deck;
    const left = lastDeck === undefined ? 0 : 52 * rules.decks - (dealtFrom.get(lastDeck) ?? 0);
    for (const c of turn.cards) dealtFrom.set(c.deck, (dealtFrom.get(c.deck) ?? 0) + 1);
    return before !== undefined && before.deal === turn.deal && turn.cards[0]?.deck !== lastDeck && left >= 3;
  });
  const eligibility = (seating: CheckedSeating, chips: ChipTable = table): Eligibility => ({ seating, table: chips, fromDeal });

  night.turns.forEach((turn, index) => {
    const n = turn.n;
    if (previous && n !== previous.n + 1) f.violation('R8', n, `turn ${previous.n + 1}`, `turn ${n}`);
    const seating = seatingOf(n);
    // R31: a newcomer plays from the next deal, or this one when seated before its first turn.
    for (const id of seating.order) {
      if (fromDeal.has(id)) continue;
      if (previous === null) fromDeal.set(id, seatingOf(0).order.includes(id) ? 0 : 1);
      else fromDeal.set(id, rotation.lastPlayer === null && !rotation.voided ? rotation.deal : rotation.deal + 1);
    }
    // Host moves before this turn: all of them when the turn has chips of its own, else as many as agree with it.
    const pending: CheckedEntry[] = [];
    for (let i = ptr; i < ledger.length && ledger[i]?.turn === null; i++) pending.push(ledger[i] as CheckedEntry);
    const ownEntries = ledger[ptr + pending.length]?.turn === n;
    let take = pending.length;
    if (turn.atLedger !== undefined) {
      // Version 4: the turn started when the ledger held `atLedger` entries.
      take = pending.filter((x) => x.seq < (turn.atLedger as number)).length;
      if (ptr + take !== turn.atLedger) f.violation('R24', n, `turn ${n} started at ledger seq ${ptr + take}`, `atLedger ${turn.atLedger}`);
    } else if (!ownEntries && pending.length > 0) {
      // A newcomer in this turn's seating was seated, bought in and anted before it (R31).
      const newcomers = seating.order.filter((id) => !previousSeating.order.includes(id));
      const seated = pending.findLastIndex((x) => x.code === 'buy-in' && x.player !== null && newcomers.includes(x.player));
      const seatedUpTo =
        seated < 0 ? 0 : seated + (pending[seated + 1]?.code === 'ante' && pending[seated + 1]?.player === pending[seated]?.player ? 2 : 1);
      // An end of the night (R22) and its reopening (R33) retire the deck: they come before the first turn dealt from a new one.
      const firstEnd = pending.findIndex((x) => x.code === 'pot-split' || x.code === 'carry-out');
      const ends = new Set(pending.filter((x) => x.code === 'pot-split' || x.code === 'carry-out').map((x) => x.id));
      const reopenedUpTo = pending.findLastIndex((x) => x.code === 'reversal' && ends.has(x.reverses ?? '')) + 1;
      // The first turn from here on whose new deck neither a deal nor R13 explains is the one right after the reopening.
      // Failing that, the first dealt from a new deck at all (a reopened night that starts a deal).
      let reopenAt = index;
      if (firstEnd >= 0) {
        let firstNewDeck: number | null = null;
        let unexplained: number | null = null;
        for (let t = index; t < night.turns.length && unexplained === null; t++) {
          if (freshForNoReason[t]) unexplained = t;
          else if (firstNewDeck === null && newDeckAt[t]) firstNewDeck = t;
          if (t > index && lastOfTurn.has(night.turns[t]?.n ?? 0)) break;
        }
        reopenAt = unexplained ?? firstNewDeck ?? index;
      }
      const newDeck = reopenAt === index;
      const least = Math.max(seatedUpTo, newDeck ? reopenedUpTo : 0);
      // ...and a player not seated yet for this turn buys in after it.
      // A newcomer whose seating was undone (R21) before any turn never shows in a seating: their buy-in and its reversal say nothing of when.
      const undone = new Set(pending.map((x) => x.reverses));
      const notYet = pending.findIndex(
        (x) => x.player !== null && !seating.order.includes(x.player) && x.code !== 'reversal' && !undone.has(x.id),
      );
      const next = night.turns[index + 1];
      take = placeHostMoves({
        pending,
        least,
        most: Math.max(least, Math.min(notYet < 0 ? pending.length : notYet, firstEnd < 0 || newDeck ? pending.length : firstEnd)),
        table,
        rotation,
        turn,
        seating,
        next,
        nextSeating: seatingOf(next?.n ?? n),
        eligibility: (s, chips) => eligibility(s, chips),
        anteWhen: rules.anteWhen,
      });
    }
    seatingNow = seating;
    // Version 4: the deal passes the moment nobody is left to play in it (R8, R31), e.g. when its dealer goes home before their own turn.
    if (hostActions && previous && rotation.lastPlayer !== null && !rotation.voided)
      rotation = passedBetweenTurns(rotation, hostActions.between.get(previous.n) ?? [], table, ptr, ledger, previousSeating, fromDeal);
    for (let i = ptr; i < ptr + take; i++) block.push(applyAt(i));
    ptr += take;
    if (history.brokenFrom !== null && n >= history.brokenFrom) distrust(n);
    const reopened = checkBetweenTurns(
      night,
      block,
      previousSeating,
      seating,
      n,
      previous !== null && turn.deal !== previous.deal,
      n === 1,
      table,
      fromDeal,
      trusted,
      f,
    );
    if (reopened.seatingBroken) distrust(n);
    // R27: the round waits for who could take a turn once the pot was made: not a player whose ante took their last chip.
    if (reopened.madePot) {
      const lastAnte = block.findLastIndex((x) => x.code === 'ante');
      const boughtSince = (id: string) =>
        block.slice(lastAnte + 1).reduce((sum, x) => sum + (x.code === 'buy-in' && x.player === id ? x.amount : 0), 0);
      waiting = reopened.madePot.filter((id) => table.stack(id) - boughtSince(id) > 0);
    }
    const hostMoves = block;
    block = [];

    // R8: who deals, which deal, who acts.
    const e = eligibility(seating);
    const due = expectedTurn(rotation, e, canDealWith(e, rules.anteWhen, hostMoves));
    if (due && trusted) {
      if (due.player !== turn.player) {
        const boughtBack = previous !== null && hostMoves.some((x) => x.code === 'buy-in' && x.player === due.player);
        const rule = boughtBack
          ? 'R6'
          : seatingOf(n).sittingOut.includes(due.player) ||
              night.seating?.some((s) => s.beforeTurn <= n && s.sittingOut.includes(due.player))
            ? 'R32'
            : (fromDeal.get(due.player) ?? 0) > 0 || (fromDeal.get(turn.player) ?? 0) > 0
              ? 'R31'
              : 'R8';
        f.violation(rule, n, `${due.player} to act`, `${turn.player} acted`);
      }
      f.same('R8', n, 'dealer', due.dealer, turn.dealer);
      f.same('R8', n, 'deal', due.deal, turn.deal);
    } else if (!due && trusted && rotation.dealer !== null)
      f.violation('R6', n, 'no turn: fewer than 2 players can play', `${turn.player} acted`);
    if (trusted && !isActive(e, turn.player)) f.violation('R6', n, `${turn.player} has chips, is seated and not sitting out`, `they acted`);
    const active = seating.order.filter((id) => isActive(e, id)).length;
    if (trusted && active < 2) f.violation('R6', n, 'at least 2 players with chips, not sitting out', `${active}`);
    f.same('R24', n, 'potBefore', table.pot, turn.potBefore);
    f.same('R24', n, `stackBefore of ${turn.player}`, table.stack(turn.player), turn.stackBefore);
    if (turn.potBefore === 0) f.violation('R5', n, 'a pot made again before the turn', 'pot 0');

    // The cards (R9-R19, R25, R26, R29, R30).
    const freshDeck = previous === null || turn.deal !== previous.deal || reopened.reopened;
    const remainingAfter = walker.walkTurn(turn, freshDeck);
    const judged = judgeTurn(turn, rules, remainingAfter, f);

    // R17, R27: the largest bet allowed when the bet was asked.
    const halfPot = rules.firstRound === 'half-pot' && waiting.some((id) => isActive(e, id));
    if (judged?.betAsked) {
      let limit = Math.min(turn.potBefore, turn.stackBefore);
      if (rules.maxBet !== null) limit = Math.min(limit, rules.maxBet);
      if (halfPot) limit = Math.min(limit, Math.max(1, Math.floor(turn.potBefore / 2)));
      const rule = rules.maxBet !== null || rules.firstRound === 'half-pot' ? 'R27' : 'R17';
      // Whether the half-pot round is on depends on who can play: with the seating in doubt, only the other limits are judged.
      const halfPotKnown = trusted || rules.firstRound !== 'half-pot';
      if (halfPotKnown) f.same(rule, n, 'limit', limit, turn.limit ?? null);
      else if ((turn.limit ?? 0) > Math.min(turn.potBefore, turn.stackBefore, rules.maxBet ?? Infinity))
        f.violation(rule, n, 'a limit within the pot, the stack and maxBet', `limit ${turn.limit}`);
      if (halfPotKnown && turn.bet !== null && turn.bet > limit) f.violation(rule, n, `a bet of at most ${limit}`, `bet ${turn.bet}`);
    }

    // The turn's own chips, and any host moves made before its void or correction.
    const end = lastOfTurn.get(n) ?? ptr - 1;
    const own: CheckedEntry[] = [];
    for (; ptr <= end; ptr++) {
      const entry = applyAt(ptr);
      if (entry.turn === n) own.push(entry);
      else if (entry.turn === null) block.push(entry);
      else f.violation('R21', n, `entries of turn ${n}`, `an entry of turn ${entry.turn} among them`);
    }
    const waitingBefore = waiting;
    if (!turn.void && turn.outcome !== null) {
      waiting = waiting.filter((id) => id !== turn.player);
      const next = afterTurn({ dealer: turn.dealer, deal: turn.deal, lastPlayer: rotation.lastPlayer, voided: null }, turn.player, e);
      const anted = checkTurnChips(night, turn, judged?.outcome ?? turn.outcome, own, next.deal === turn.deal, e, trusted, f);
      if (anted.length > 0) waiting = anted.filter((id) => table.stack(id) > 0);
      rotation = next;
    } else if (turn.void) {
      checkTurnChips(night, turn, null, own, false, e, trusted, f);
      waiting = waitingBefore;
      rotation = { dealer: turn.dealer, deal: turn.deal, lastPlayer: rotation.lastPlayer, voided: turn.player };
    }
    previous = turn;
    previousSeating = seating;
  });
  // After the last turn: the host's last moves and the end (R22).
  seatingNow = seatingOf(Number.MAX_SAFE_INTEGER);
  for (; ptr < ledger.length; ptr++) block.push(applyAt(ptr));
  checkBetweenTurns(
    night,
    block,
    previousSeating,
    seatingOf(Number.MAX_SAFE_INTEGER),
    null,
    false,
    previous === null,
    table,
    fromDeal,
    trusted,
    f,
  );
  return { table, rotation };
}

/**
 * R8, R31 with a version 4 export: the host's actions between two turns one
 * by one, each with the chips and the seating right after it; when a player
 * goes home and nobody after the last player up to the dealer plays in the
 * deal any more, the deal passes to the dealer's left in the seating of that
 * moment (a seat moved afterwards does not change who deals).
 */
function passedBetweenTurns(
  rotation: Rotation,
  actions: readonly CheckedHostAction[],
  table: ChipTable,
  ptr: number,
  ledger: readonly CheckedEntry[],
  seating: CheckedSeating,
  fromDeal: Map<string, number>,
): Rotation {
  const trial = table.clone();
  let applied = ptr;
  let now: CheckedSeating = seating;
  for (const action of actions) {
    for (; applied < action.atLedger + action.entries.length && applied < ledger.length; applied++)
      trial.apply(ledger[applied] as CheckedEntry, null);
    if ('seating' in action && action.seating) now = { beforeTurn: now.beforeTurn, ...action.seating };
    // Only going home hands the turn on at once (R6, R8); sitting out is skipped when the turn comes (R32).
    if (action.kind !== 'cash-out') continue;
    const e: Eligibility = { seating: now, table: trial, fromDeal };
    const last = rotation.lastPlayer;
    if (last === null || rotation.dealer === null) return rotation;
    if (last !== rotation.dealer && nextPlaying(e, last, rotation.deal, rotation.dealer)) continue;
    const dealer = nextPlaying(e, rotation.dealer, rotation.deal + 1);
    if (dealer === null) continue;
    return { dealer, deal: rotation.deal + 1, lastPlayer: null, voided: null };
  }
  return rotation;
}
