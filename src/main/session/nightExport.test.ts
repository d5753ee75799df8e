import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_PRESETS, type CardCode, type CommandName, type RuleSettings } from '../../shared';
import { dealtOrder } from '../engine';
import { foldEntries } from '../ledger';
import { createConfBackend } from '../store';
import { GameSession } from './gameSession';
import { currentNight, ok, run as runOn } from './testing/kit';
import { exportNight, nightExportSchema, NIGHT_EXPORT_FORMAT, type NightExport } from '../night';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** A repeatable stand-in for the secure random source: sha256 of a counter. */
function countingBytes(label: string): (size: number) => Uint8Array {
  let counter = 0;
  return (size) => {
    const out = Buffer.alloc(size);
    for (let written = 0; written < size; written += 32) {
      createHash('sha256').update(`${label}/${counter++}`).digest().copy(out, written);
    }
    return out;
  };
}

/** A session on a fresh data folder of its own. */
function openSession(label: string): GameSession {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-export-'));
  folders.push(root);
  return new GameSession({
    storage: createConfBackend(root),
    randomBytes: countingBytes(label),
    now: () => new Date('2026-03-14T20:00:00.000Z'),
  });
}

const night = currentNight;

function run(session: GameSession, command: CommandName, args: Record<string, unknown>): void {
  ok(runOn(session, command, args));
}

/**
 * Plays `turns` turns the way a host would: varied cuts and bets, busted
 * players buying back in, one voided turn and one corrected bet (R21).
 */
function playNight(session: GameSession, settings: RuleSettings, turns: number): void {
  const started = session.runNow('startNight', {
    players: ['Ann', 'Bo', 'Cy', 'Di'].map((name) => ({ name })),
    startingChips: 12,
    chipValue: 50,
    currency: 'EUR',
    settings,
  });
  if (!started.ok) throw new Error(started.error.message);
  let step = 0;
  let voided = false;
  let corrected = false;
  while (night(session).turnsPlayed < turns || night(session).phase !== 'ready') {
    step++;
    const view = night(session);
    if (step > turns * 40) throw new Error(`stuck in ${view.phase}`);
    switch (view.phase) {
      case 'draw':
        run(session, 'drawForDealer', {});
        break;
      case 'cut':
        run(session, 'cut', { cut: (step * 7) % (view.deck?.size ?? 1) });
        break;
      case 'ace-call':
        run(session, 'callAce', { call: step % 2 === 0 ? 'low' : 'high' });
        break;
      case 'bet':
        run(session, 'bet', { amount: step % 3 === 0 ? 'pot' : 1 });
        break;
      case 'ready': {
        const last = view.lastAction;
        if (!voided && view.turnsPlayed === 5 && last?.canVoid) {
          voided = true;
          run(session, 'voidTurn', {});
          break;
        }
        if (!corrected && view.turnsPlayed >= 8 && last?.canCorrectBet && view.turn && view.turn.bet !== null) {
          const max = Math.min(view.turn.potBefore, view.turn.stackBefore);
          if (max >= 2) {
            corrected = true;
            run(session, 'correctBet', { amount: view.turn.bet === 1 ? 2 : 1 });
            break;
          }
        }
        const busted = view.players.find((p) => p.status === 'sitting-out');
        if (busted) run(session, 'buyIn', { playerId: busted.id, amount: 12 });
        else run(session, 'deal', {});
        break;
      }
      default:
        throw new Error(`unexpected phase ${view.phase}`);
    }
  }
}

function exported(session: GameSession): NightExport {
  const current = session.currentNight;
  if (!current) throw new Error('no night');
  return exportNight(current);
}

/** node:crypto's SHA-256, not the app's own: the commitment is checked with a hash that shares nothing with the dealer. */
function opensslSha256OfHex(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

/** The cards each deck gave, in the order the export lists them: the draw first, then every turn's cards. */
function cardsByDeck(exp: NightExport): Map<string, CardCode[]> {
  const byDeck = new Map<string, CardCode[]>();
  const add = (deck: string, card: CardCode) => byDeck.set(deck, [...(byDeck.get(deck) ?? []), card]);
  for (const d of exp.draw) add(d.deck, d.card);
  for (const turn of exp.turns) for (const c of turn.cards) add(c.deck, c.card);
  return byDeck;
}

const RULE_SETS: [string, RuleSettings][] = [
  ['standard', RULE_PRESETS.standard],
  ['redeals, two decks, ace low', { ...RULE_PRESETS['redeal-everything'], decks: 2, aceLowChoice: true }],
  ['harsh posts', RULE_PRESETS.harsh],
];

describe('the night export in-between-night/2', () => {
  describe.each(RULE_SETS)('a played night (%s)', (label, settings) => {
    let exp: NightExport;
    let session: GameSession;
    beforeAll(() => {
      session = openSession(label);
      playNight(session, settings, 30);
      run(session, 'endNight', {});
      exp = exported(session);
    });
    afterAll(() => session.close());

    it('matches its schema and names its format and rules', () => {
      expect(nightExportSchema.safeParse(exp).success).toBe(true);
      expect(exp.format).toBe(NIGHT_EXPORT_FORMAT);
      expect(exp.rules).toEqual(settings);
      expect(exp.players.map((p) => [p.name, p.seat])).toEqual([
        ['Ann', 0],
        ['Bo', 1],
        ['Cy', 2],
        ['Di', 3],
      ]);
    });

    it('R12: after the end every deck is revealed and its seed hashes to its commitment (R9)', () => {
      expect(exp.decks.length).toBeGreaterThan(1);
      for (const deck of exp.decks) {
        expect(deck.seed, deck.id).not.toBeNull();
        expect(opensslSha256OfHex(deck.seed ?? ''), deck.id).toBe(deck.commitment);
      }
    });

    it('R10-R12: redoing the shuffle and cut from each seed gives every card the export lists, in order', () => {
      const byDeck = cardsByDeck(exp);
      for (const deck of exp.decks) {
        const dealt = byDeck.get(deck.id) ?? [];
        const order = dealtOrder(deck.seed ?? '', deck.decks, deck.cut);
        expect(dealt, deck.id).toEqual(order.slice(0, dealt.length));
      }
      expect([...byDeck.keys()].every((id) => exp.decks.some((d) => d.id === id))).toBe(true);
      expect(exp.decks.filter((d) => d.purpose === 'draw').every((d) => d.cut === null)).toBe(true);
      // With redeals on, some turn lists the discarded posts too (R15, R16), still in deck order.
      if (settings.pair === 'redeal') expect(exp.turns.some((t) => t.cards.length >= 4)).toBe(true);
    });

    it('R24: the final stacks and pot are the fold of the exported ledger, and every chip is accounted for', () => {
      const fold = foldEntries(exp.ledger.map((e) => ({ ...e, reverses: e.reverses ?? undefined })));
      for (const player of exp.players) expect(exp.final.stacks[player.id]).toBe(fold.stacks[player.id] ?? 0);
      expect(exp.final.pot).toBe(fold.pot);
      const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
      expect(sum(exp.final.boughtIn) + exp.final.carriedIn).toBe(
        sum(exp.final.stacks) + exp.final.pot + sum(exp.final.cashedOut) + exp.final.carriedOut,
      );
      const view = night(session);
      expect(Object.fromEntries(view.players.map((p) => [p.id, p.stack]))).toEqual(exp.final.stacks);
      expect(exp.ledger.map((e) => e.seq)).toEqual(exp.ledger.map((_, i) => i));
    });

    it('R25: lists turns in order, with the odds shown exactly when a bet was asked for', () => {
      expect(exp.turns.map((t) => t.n)).toEqual(exp.turns.map((_, i) => i + 1));
      expect(exp.turns.filter((t) => !t.void)).toHaveLength(30);
      for (const turn of exp.turns) {
        expect(turn.outcome, `turn ${turn.n}`).not.toBeNull();
        expect(turn.odds === null, `turn ${turn.n}`).toBe(turn.bet === null);
        if (turn.odds) expect(turn.odds.winners).toBeLessThanOrEqual(turn.odds.remaining);
      }
    });

    it('R21: a voided turn stays in the list, marked void, and a corrected bet is marked corrected', () => {
      expect(exp.turns.filter((t) => t.void)).toHaveLength(1);
      expect(exp.turns.filter((t) => t.corrected)).toHaveLength(1);
      expect(exp.ledger.some((e) => e.code === 'reversal' && e.reverses !== null)).toBe(true);
    });
  });

  it('R12: while the night is open, the seed of the deck in play stays secret', () => {
    const session = openSession('open');
    playNight(session, RULE_PRESETS.standard, 3);
    const exp = exported(session);
    const live = night(session).deck;
    expect(live).not.toBeNull();
    const inPlay = exp.decks.find((d) => d.id === live?.id);
    expect(inPlay?.seed).toBeNull();
    expect(inPlay?.commitment).toBe(live?.commitment);
    expect(exp.decks.filter((d) => d.id !== live?.id).every((d) => d.seed !== null)).toBe(true);
    session.close();
  });
});
