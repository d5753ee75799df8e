import { describe, expect, it } from 'vitest';
import { chainedJournal, decodeJournal, type JournalLine } from './format';
import { replayHeldCopy, takeOverLine } from './move';
import { replayJournal, replayPrefix, type PlayedNight } from './play';
import { LAPTOPS, LaptopsNight, NIGHT_ID, playUntil as playUntilPhase, someCommand } from './testing/laptops';

/**
 * Moving a night between laptops (R35) at the journal's level: the cards a
 * line shows (`shown`), a copy that replays without the holder's key, and
 * the hand-over and takeover lines with their epochs.
 */

const [A, B, C] = LAPTOPS;

/** Plays `count` more commands chosen by a fixed sequence; stops early if the night can go no further. */
function playOn(table: LaptopsNight, count: number, salt = 0): void {
  for (let i = 0; i < count; i++) {
    const command = someCommand(table.night, ((i * 7919 + salt * 104729) % 1000) / 1000);
    if (!command) return;
    table.must(command);
  }
}

/** Plays until the table waits for `phase`. */
function playUntil(table: LaptopsNight, phase: string): void {
  expect(playUntilPhase(table, phase)).toBe(true);
}

/** What the players and the host see of a night: chips, turns and where the table stands. */
function tableFacts(night: PlayedNight) {
  const { state } = night;
  const deck = state.deck && { id: state.deck.id, position: state.deck.position, turned: state.deck.cards.slice(0, state.deck.position) };
  return {
    stacks: state.stacks,
    pot: state.pot,
    boughtIn: state.boughtIn,
    cashedOut: state.cashedOut,
    phase: state.phase,
    dealerSeat: state.dealerSeat,
    toActSeat: state.toActSeat,
    dealNumber: state.dealNumber,
    deck,
    turns: night.turns,
    ledger: night.ledger.entries,
  };
}

describe('R35: the cards a line shows', () => {
  it('every line that turned cards from a shuffled deck shows them, in order, and the chain covers them', () => {
    const table = LaptopsNight.start();
    playOn(table, 40);
    const turned = table.lines.filter((line) => line.shown);
    expect(turned.length).toBeGreaterThan(5);
    const decoded = decodeJournal(table.text(), table.opener(A), { chain: true });
    expect(decoded.damage).toBeNull();
    const night = replayJournal(decoded.entries);
    const cardsOfTurns = night.turns.flatMap((turn) => turn.cards.map((c) => c.card));
    const drawCards = night.events.flatMap((e) => (e.type === 'draw-card' ? [e.card] : []));
    expect(turned.flatMap((line) => line.shown ?? [])).toEqual([...drawCards, ...cardsOfTurns]);
    // A line whose shown cards were changed breaks the chain from the next line on.
    const text = table.text().replace(/"shown":\["([2-9TJQKA])/, (_, rank: string) => `"shown":["${rank === 'A' ? 'K' : 'A'}`);
    expect(decodeJournal(text, table.opener(A), { chain: true }).damage?.reason).toMatch(/chain is broken/);
  });

  it('R12, R35: a line showing cards its deck does not turn does not replay, even re-chained', () => {
    const table = LaptopsNight.start();
    playOn(table, 12);
    const at = table.lines.findIndex((line) => line.shown && line.command.type === 'deal');
    const lines: JournalLine[] = table.lines.map((line, i) => (i === at ? { ...line, shown: [...(line.shown ?? [])].reverse() } : line));
    const decoded = decodeJournal(chainedJournal(NIGHT_ID, lines).text, table.opener(A), { chain: true });
    expect(decoded.damage).toBeNull();
    const { failure } = replayPrefix(decoded.entries);
    expect(failure?.line).toBe(at + 2);
    expect(failure?.message).toMatch(/it shows .* but its decks turn .*R35/);
  });
});

describe('R35: a copy held on another laptop replays without the sealed seed', () => {
  it('the copy replays to the same table as the holder does with its key, the deck in play dealt by the lines', () => {
    const table = LaptopsNight.start();
    playUntil(table, 'bet');
    const withKey = replayJournal(decodeJournal(table.text(), table.opener(A)).entries);
    expect(decodeJournal(table.text(), table.opener(B)).damage?.sealed).toBe(true);
    const copy = replayHeldCopy(table.text(), table.opener(B));
    if (!copy.ok) throw new Error(copy.problem);
    expect(copy.night.state.deck?.known).toBe(copy.night.state.deck?.position);
    expect(tableFacts(copy.night)).toEqual(tableFacts(withKey));
    expect(copy.lines).toBe(table.lines.length);
    expect(copy.head).toBe(decodeJournal(table.text(), undefined, { chain: true, unopened: true }).head);
  });

  it('R35: a deck known by its shown cards never gives a card no line showed: the copy stops at that line', () => {
    const table = LaptopsNight.start();
    playUntil(table, 'bet');
    playOn(table, 1);
    const last = table.lines.length - 1;
    const lines = table.lines.map((line, i) => {
      if (i !== last || !line.shown) return line;
      const { shown: _shown, ...rest } = line;
      return rest;
    });
    const read = replayHeldCopy(chainedJournal(NIGHT_ID, lines).text, table.opener(B));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.line).toBe(last + 2);
    expect(read.problem).toMatch(/sealed on the laptop that shuffled it, and no line shows its next card \(R35\)/);
    expect(read.kept?.lines).toBe(last);
  });
});

describe('R35: handed over and taken over', () => {
  it('R35: a hand-over reveals the deck in play, and the new holder shuffles its own at its takeover; nothing is voided', () => {
    const table = LaptopsNight.start();
    playUntil(table, 'ready');
    playOn(table, 1);
    playUntil(table, 'ready');
    const before = tableFacts(table.night);
    expect(table.handOver(B)).toBeNull();
    const [handOver, takeOver] = table.lines.slice(-2);
    expect(handOver?.command).toEqual({ type: 'hand-over', to: B });
    expect(handOver?.revealed).toHaveLength(1);
    expect(takeOver?.command).toMatchObject({ type: 'take-over', from: A, line: table.lines.length - 1 });
    expect(takeOver?.epoch).toBe(2);
    expect(table.night.state.stacks).toEqual(before.stacks);
    expect(table.night.turns.filter((t) => t.void)).toHaveLength(0);
    // The new holder replays its own journal: the first holder's decks are all revealed.
    const mine = decodeJournal(table.text(), table.opener(B), { chain: true });
    expect(mine.damage).toBeNull();
    expect(tableFacts(replayJournal(mine.entries))).toEqual(tableFacts(table.night));
  });

  it('R35: a hand-over mid-turn is refused in words naming R35, and nothing is written', () => {
    const table = LaptopsNight.start();
    playUntil(table, 'bet');
    const lines = table.lines.length;
    expect(table.handOver(B)).toMatch(/finish or void the turn first \(R35\)/);
    expect(table.lines).toHaveLength(lines);
    expect(table.handOver(A)).toMatch(/already holds the night/);
  });

  it('R35, R21: taken over mid-turn, the turn is voided with its chips back and played again after a new deck and cut', () => {
    const table = LaptopsNight.start({ settings: { ante: 1 } });
    playUntil(table, 'bet');
    const turn = table.night.state.turn;
    const stacks = table.night.stackSeries.at(-1)?.stacks;
    const taken = table.takeOver(C);
    expect(typeof taken).not.toBe('string');
    const line = table.lines.at(-1);
    expect(line?.command).toMatchObject({ type: 'take-over', from: A });
    expect(line?.seeds).toHaveLength(1);
    const { state, turns } = table.night;
    expect(turns[(turn?.n ?? 0) - 1]?.void).toBe(true);
    expect(state.phase.kind).toBe('cut');
    expect(table.night.events.some((e) => e.type === 'deck-lost')).toBe(true);
    expect(stacks).toBeDefined();
    table.must({ type: 'cut', cut: 5 });
    expect(table.night.state.turn?.playerId).toBe(turn?.playerId);
    expect(table.night.state.turn?.n).toBe((turn?.n ?? 0) + 1);
    // The new holder's journal replays without the lost deck's seed, as its copy did.
    playOn(table, 20);
    const read = replayHeldCopy(table.text(), table.opener(C));
    if (!read.ok) throw new Error(read.problem);
    expect(tableFacts(read.night)).toEqual(tableFacts(table.night));
  });

  it('R35: a line written at a superseded epoch after the takeover point never enters the night', () => {
    const table = LaptopsNight.start();
    playUntil(table, 'bet');
    const point = table.lines.length;
    playOn(table, 3);
    const taken = table.takeOver(B, point);
    if (typeof taken === 'string') throw new Error(taken);
    expect(taken.aside.length).toBe(3);
    // The old holder's line, chained on as if it followed: its epoch has been superseded.
    const text = chainedJournal(NIGHT_ID, [...table.lines, taken.aside[0] as JournalLine]).text;
    const decoded = decodeJournal(text, table.opener(B), { chain: true, unopened: true });
    const { failure } = replayPrefix(decoded.entries);
    expect(failure?.line).toBe(table.lines.length + 2);
    expect(failure?.message).toMatch(/epoch 1, after the night moved to epoch 2: it is kept aside/);
  });
});

describe('R35: the new holder reads its own journal', () => {
  it('R35: with its own key only, the deck lost in the takeover reads by its shown cards, and a seed of its own that does not open is still damage', () => {
    const table = LaptopsNight.start();
    playUntil(table, 'bet');
    const taken = table.takeOver(B);
    if (typeof taken === 'string') throw new Error(taken);
    playUntil(table, 'bet');
    // As the store reads it at start-up: no option, the new holder's key.
    const decoded = decodeJournal(table.text(), table.opener(B));
    expect(decoded.damage).toBeNull();
    expect(decoded.entries.filter((entry) => entry.unopened !== undefined)).toHaveLength(1);
    expect(tableFacts(replayJournal(decoded.entries))).toEqual(tableFacts(table.night));
    // Without its key, the deck it shuffled itself (after the takeover) does not open: damage, as ever.
    expect(decodeJournal(table.text(), table.opener(C)).damage?.sealed).toBe(true);
  });
});

describe('R35: a takeover from the copy as text', () => {
  it('R35: the copy held as text needs no key; one that does not replay is refused, naming why', () => {
    const table = LaptopsNight.start();
    playUntil(table, 'bet');
    const seed = () => 'cd'.repeat(32);
    const moved = takeOverLine(table.text(), A, B, seed, '2026-12-06T22:00:00.000Z');
    if (!moved.ok) throw new Error(moved.error.message);
    expect(moved.entry).toMatchObject({
      command: { type: 'take-over', from: A, line: table.lines.length },
      epoch: 2,
      seeds: ['cd'.repeat(32)],
    });
    const broken = takeOverLine(table.text().replace('"type":"draw"', '"type":"drawn"'), A, B, seed, '2026-12-06T22:00:00.000Z');
    expect(broken.ok ? null : broken.error.message).toMatch(/does not replay, so it cannot be taken over: line 3/);
    expect(takeOverLine(table.text(), B, B, seed, '2026-12-06T22:00:00.000Z').ok).toBe(false);
  });
});
