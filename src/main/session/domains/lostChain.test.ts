import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type CommandName, type NightView } from '../../../shared';
import { checkNight } from '../../../checker/checkNight';
import type { JournalEntry } from '../../night';
import type { GameSession } from '../gameSession';
import { currentNight, ok, openSession, sessionFolderPerTest, signedExport } from '../testing/kit';

/**
 * R34 *A lost chain*: the laptop's chain file of an open night
 * whose cards the table draws is damaged while the app is closed. At the
 * next start the host is told in a notice naming R34, the turn in play is
 * voided (R21) and played again under a new commitment whose laptop head
 * is a new chain (marked new, the record saying why), and the night plays
 * on and can be ended; its export passes the night checker.
 */

const folder = sessionFolderPerTest('dealer-lost-chain-', 'lost');
const open = (label: string): GameSession => openSession(folder.root, folder.clock, label);
const witnessFile = (nightId: string) => path.join(folder.root, 'nights', `${nightId}.witness`);

function run(session: GameSession, command: CommandName, args: object = {}): NightView {
  ok(session.runNow(command, { stateId: currentNight(session).stateId, ...args }));
  return currentNight(session);
}

/** What the table waits for, as the console's Enter would: draw, deal, call, bet 1. */
function step(session: GameSession): void {
  const view = currentNight(session);
  if (view.phase === 'draw') run(session, 'drawForDealer');
  else if (view.phase === 'ready') run(session, 'deal');
  else if (view.phase === 'ace-call') run(session, 'callAce', { call: 'high' });
  else if (view.phase === 'pair-call') run(session, 'callPair', { call: view.pairCalls?.[0] ?? 'higher' });
  else if (view.phase === 'bet') run(session, 'bet', { amount: 1 });
  else throw new Error(`nothing to do in ${view.phase}`);
}

/** A table night played until a bet is asked, after a few turns. */
function nightAtABet(session: GameSession): string {
  ok(
    session.runNow('startNight', {
      players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cat' }],
      startingChips: 30,
      chipValue: 0,
      currency: 'EUR',
      settings: { ...DEFAULT_RULES, cards: 'table' as const },
    }),
  );
  for (let i = 0; i < 6; i++) step(session);
  while (currentNight(session).phase !== 'bet') step(session);
  return currentNight(session).id;
}

function journalOf(nightId: string): JournalEntry[] {
  return fs
    .readFileSync(path.join(folder.root, 'nights', `${nightId}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as JournalEntry);
}

const DAMAGE: Record<string, (file: string, other: string) => void> = {
  deleted: (file) => fs.rmSync(file),
  truncated: (file) => fs.writeFileSync(file, fs.readFileSync(file, 'utf8').slice(0, 30)),
  garbage: (file) => fs.writeFileSync(file, 'not a sealed secret at all \u0000\u00ff'),
  'a bit flipped': (file) => {
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf('"sealed"') + 20;
    bytes[at] = (bytes[at] as number) ^ 0x01;
    fs.writeFileSync(file, bytes);
  },
  'swapped with another night': (file, other) => {
    const mine = fs.readFileSync(file);
    fs.writeFileSync(file, fs.readFileSync(other));
    fs.writeFileSync(other, mine);
  },
};

describe('R34 A lost chain: a table night whose .witness file was damaged', () => {
  for (const [kind, damage] of Object.entries(DAMAGE)) {
    it(`R34, R21: ${kind}: a notice names R34, the turn in play is voided and played again under a new laptop chain, and the night plays on and ends`, () => {
      const first = open('lost');
      // Another night of the same folder, ended, whose chain file a swap can take.
      const earlier = nightAtABet(first);
      while (currentNight(first).phase !== 'ready') step(first);
      run(first, 'endNight');
      const nightId = nightAtABet(first);
      const before = currentNight(first);
      const inPlay = before.turn?.n;
      first.close();
      damage(witnessFile(nightId), witnessFile(earlier));

      const again = open('again');
      const notices = again.getView().storageNotices.filter((n) => n.reason.includes('R34'));
      expect(notices).toHaveLength(1);
      expect(notices[0]?.reason).toMatch(new RegExp(`turn ${inPlay} was voided`));
      expect(notices[0]?.file).toBe(witnessFile(nightId));
      // The turn in play is voided; its player has the turn again, with new cards, from the same pot and stack.
      const after = currentNight(again);
      expect(after.turn?.n).toBe((inPlay ?? 0) + 1);
      expect(after.turn?.playerId).toBe(before.turn?.playerId);
      expect(after.turn?.potBefore).toBe(before.turn?.potBefore);
      expect(after.turn?.stackBefore).toBe(before.turn?.stackBefore);
      const last = journalOf(nightId).at(-1);
      expect(last?.command).toEqual({ type: 'chain-lost' });
      expect(last?.table?.[0]).toMatchObject({ newChains: ['0000000000000000'], reason: 'laptop-chain-lost' });
      // Play goes on, the night can be ended, and its record checks.
      for (let i = 0; i < 8; i++) step(again);
      while (currentNight(again).phase !== 'ready') step(again);
      run(again, 'endNight');
      const night = again.currentNight;
      if (!night) throw new Error('the night is there');
      const exported = signedExport(night);
      expect(exported.turns.find((t) => t.n === inPlay)?.void).toBe(true);
      expect(exported.table?.shoes.filter((s) => s.reason === 'laptop-chain-lost')).toHaveLength(1);
      expect(checkNight(exported)).toEqual([]);
      // And a restart after that finds nothing more to say.
      again.close();
      const third = open('third');
      expect(third.getView().storageNotices.filter((n) => n.reason.includes('R34'))).toHaveLength(1);
      third.close();
    });
  }

  it('R34: between turns (no turn in play), the chain lost is replaced too: the deal goes on under a new chain marked new, with its reason, and the night checks', () => {
    const first = open('lost');
    const nightId = nightAtABet(first);
    step(first);
    while (currentNight(first).phase !== 'ready') step(first);
    const turns = currentNight(first).turn?.n;
    first.close();
    fs.rmSync(witnessFile(nightId));

    const again = open('again');
    expect(again.getView().storageNotices.filter((n) => n.reason.includes('R34'))).toHaveLength(1);
    for (let i = 0; i < 8; i++) step(again);
    while (currentNight(again).phase !== 'ready') step(again);
    run(again, 'endNight');
    const marked = journalOf(nightId).flatMap((e) => (e.table ?? []).filter((s) => 'heads' in s && s.reason === 'laptop-chain-lost'));
    expect(marked).toEqual([expect.objectContaining({ newChains: ['0000000000000000'] })]);
    const night = again.currentNight;
    if (!night) throw new Error('the night is there');
    const exported = signedExport(night);
    // No turn was in play: none is voided.
    expect(exported.turns.filter((t) => t.void)).toEqual([]);
    expect(exported.turns.length).toBeGreaterThan(turns ?? 0);
    expect(checkNight(exported)).toEqual([]);
    again.close();
  });
});
