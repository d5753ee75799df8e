import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RULES, type ApiResult, type CommandName, type NightView } from '../../../shared';
import { MISSES_BEFORE_DROPPED, type WitnessPush, type WitnessStatus } from '../../../shared/witnessWire';
import { chainFrom, LAPTOP_WITNESS, revealMatches } from '../../../shared/tableDraw';
import { checkNight } from '../../../checker/checkNight';
import { exportNight, type JournalEntry } from '../../night';
import type { GameSession } from '../gameSession';
import type { WitnessLine } from '../service';
import { currentNight, openSession, checkedExport, sessionFolderPerTest, TestClock } from '../testing/kit';

/**
 * Cards drawn by the table with phones helping deal (docs/rules.md R34,
 * docs/table-draw.md), through the session: fake phones on the witness
 * desk, answering truly, falsely or not at all. The wait for a silent phone
 * runs on fake timers, so no test waits the real 1.5 s.
 */

const folder = sessionFolderPerTest('dealer-witness-', 'witness');
const clock = new TestClock('2026-11-26T20:00:00.000Z');
const open = (): GameSession => openSession(folder.root, clock, 'witness');

type Behaviour = 'true' | 'lying' | 'silent';

/** A phone helping deal: its own chain, answering reveal requests as told. */
class FakePhone implements WitnessLine {
  readonly pushes: WitnessPush[] = [];
  readonly refusals: string[] = [];
  private readonly chain: string[];
  private revealed = 0;

  constructor(
    private readonly session: GameSession,
    public id: string,
    private readonly behaviour: Behaviour,
    seed: number,
  ) {
    this.chain = chainFrom(
      Uint8Array.from({ length: 32 }, (_, i) => (seed * 31 + i) & 0xff),
      64,
    );
  }

  get head(): string {
    return this.chain[this.revealed] as string;
  }

  async join(night: string): Promise<ApiResult<unknown>> {
    const result = await this.session.tableWitnesses.answer('helpDeal', { night, witness: this.id, head: this.head }, this);
    if (result.ok) this.id = (result.data as { witness: string }).witness;
    return result;
  }

  send(message: WitnessPush): void {
    this.pushes.push(message);
    if (message.kind !== 'reveal-request' || this.behaviour === 'silent') return;
    const at = this.chain.indexOf(message.head);
    const value = this.behaviour === 'lying' ? 'ab'.repeat(32) : (this.chain[at + 1] as string);
    if (this.behaviour === 'true') this.revealed = at + 1;
    // Answered once the host has sent its request, as a phone on the network does.
    queueMicrotask(() => {
      void this.session.tableWitnesses
        .answer('revealDraws', { night: message.night, witness: this.id, request: message.request, values: [value] }, this)
        .then((result) => {
          if (!result.ok) this.refusals.push(result.error.code);
        });
    });
  }

  statuses(): WitnessStatus['status'][] {
    return this.pushes.flatMap((m) => (m.kind === 'witness-status' ? [m.status] : []));
  }
}

/** How long the fake clock has been moved by `play`, in ms: what the table waited for phones. */
let advancedMs = 0;

/** Runs a command through the session's queue, moving the fake clock until it is answered. */
async function play(session: GameSession, command: CommandName, args: object = {}): Promise<NightView> {
  let answered = false;
  const running = session.run('host', command, { stateId: currentNight(session).stateId, ...args }).finally(() => {
    answered = true;
  });
  while (!answered) {
    await vi.advanceTimersByTimeAsync(250);
    advancedMs += 250;
  }
  const result = await running;
  if (!result.ok) throw new Error(`${command} refused: ${result.error.message}`);
  return currentNight(session);
}

/** Does what the table waits for, as the console's Enter would: draw, deal, call, bet 1. */
async function step(session: GameSession): Promise<void> {
  const view = currentNight(session);
  if (view.phase === 'draw') await play(session, 'drawForDealer');
  else if (view.phase === 'ready') await play(session, 'deal');
  else if (view.phase === 'ace-call') await play(session, 'callAce', { call: 'high' });
  else if (view.phase === 'pair-call') await play(session, 'callPair', { call: view.pairCalls?.[0] ?? 'higher' });
  else if (view.phase === 'bet') await play(session, 'bet', { amount: 1 });
  else throw new Error(`nothing to do in ${view.phase}`);
}

async function startTableNight(session: GameSession): Promise<NightView> {
  const settings = { ...DEFAULT_RULES, cards: 'table' as const };
  const result = await session.run('host', 'startNight', {
    players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cat' }],
    startingChips: 30,
    chipValue: 0,
    currency: 'EUR',
    settings,
  });
  if (!result.ok) throw new Error(result.error.message);
  return currentNight(session);
}

function journalOf(nightId: string): JournalEntry[] {
  const text = fs.readFileSync(path.join(folder.root, 'nights', `${nightId}.jsonl`), 'utf8');
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as JournalEntry);
}

/** Every reveal the journal records, by witness. */
function revealsIn(entries: readonly JournalEntry[]): { draws: number; byWitness: Map<string, number>; missing: Map<string, number> } {
  const byWitness = new Map<string, number>();
  const missing = new Map<string, number>();
  let draws = 0;
  for (const step of entries.flatMap((e) => e.table ?? [])) {
    if (!('reveals' in step)) continue;
    draws++;
    for (const { id } of step.reveals) byWitness.set(id, (byWitness.get(id) ?? 0) + 1);
    for (const id of step.missing) missing.set(id, (missing.get(id) ?? 0) + 1);
  }
  return { draws, byWitness, missing };
}

function currentNightOf(session: GameSession) {
  const night = session.currentNight;
  if (!night) throw new Error('no night');
  return night;
}

function checked(session: GameSession): string[] {
  const night = session.currentNight;
  if (!night) throw new Error('no night');
  return checkedExport(night);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('R34: phones helping deal through the session', () => {
  it('R34: five phones draw with the laptop; a lying one is refused and left out, a silent one left out after the wait, both dropped after 3 misses', async () => {
    const session = open();
    const night = await startTableNight(session);
    const phones = [1, 2, 3].map((n) => new FakePhone(session, `00000000000000a${n}`, 'true', n));
    const liar = new FakePhone(session, '00000000000000b1', 'lying', 7);
    const silent = new FakePhone(session, '00000000000000c1', 'silent', 8);
    for (const phone of [...phones, liar, silent])
      expect(await phone.join(night.id)).toMatchObject({ ok: true, data: { from: 'next-deal' } });

    await step(session); // the draw for dealer: its commitment holds the five phones
    const drawn = currentNight(session);
    expect(drawn.tableDraw).toMatchObject({ phones: 5, laptopAlone: false });
    expect(drawn.tableDraw?.missedLastDraw.sort()).toEqual([liar.id, silent.id]);
    expect(liar.refusals[0]).toBe('bad-reveal');
    while (currentNight(session).dealNumber < 2) await step(session);
    await step(session); // the second deal's commitment

    const journal = revealsIn(journalOf(night.id));
    expect(journal.draws).toBeGreaterThanOrEqual(MISSES_BEFORE_DROPPED);
    // Every honest phone's value is in every draw; the liar's and the silent phone's in none.
    for (const phone of phones) expect(journal.byWitness.get(phone.id)).toBe(journal.draws);
    expect(journal.byWitness.get(LAPTOP_WITNESS)).toBe(journal.draws);
    expect(journal.byWitness.has(liar.id) || journal.byWitness.has(silent.id)).toBe(false);
    for (const phone of [liar, silent]) {
      expect(phone.statuses()).toContain('dropped');
      expect(journal.missing.get(phone.id)).toBeGreaterThanOrEqual(MISSES_BEFORE_DROPPED);
    }
    // From the next deal the commitment holds the laptop and the three honest phones.
    expect(currentNight(session).tableDraw).toMatchObject({ phones: 3, missedLastDraw: [] });
    for (const phone of phones) expect(phone.statuses()).toContain('witness');
    expect(checked(session)).toEqual([]);
  });

  it('R34 who was asked: the record lists each phone joining, dropped after 3 misses and coming back, and the checker rebuilds every commitment from it', async () => {
    const session = open();
    const night = await startTableNight(session);
    const honest = new FakePhone(session, '00000000000000a1', 'true', 1);
    const sleepy = new FakePhone(session, '00000000000000c1', 'silent', 8);
    await honest.join(night.id);
    await step(session); // the draw for dealer: the honest phone only
    await sleepy.join(night.id); // joins late: a witness from the next deal
    while (currentNight(session).dealNumber < 3) await step(session);
    expect(sleepy.statuses()).toContain('dropped');
    const awake = new FakePhone(session, sleepy.id, 'true', 8);
    await awake.join(night.id); // back, with the chain it never used
    while (currentNight(session).dealNumber < 4) await step(session);
    await step(session);

    const exported = JSON.parse(JSON.stringify(exportNight(currentNightOf(session)))) as ReturnType<typeof exportNight>;
    const changes = (exported.table?.shoes ?? []).flatMap((shoe) => (shoe.witnessChanges ?? []).map((c) => `${c.witness} ${c.change}`));
    expect(changes).toEqual([`${honest.id} joined`, `${sleepy.id} joined`, `${sleepy.id} dropped`, `${sleepy.id} came-back`]);
    const dropped = exported.table?.shoes.flatMap((s) => s.witnessChanges ?? []).find((c) => c.change === 'dropped');
    const missedBefore = exported.table?.draws.filter((d) => d.k <= (dropped?.afterDraw ?? 0) && d.missing.includes(sleepy.id)).length;
    expect(missedBefore).toBeGreaterThanOrEqual(MISSES_BEFORE_DROPPED);
    expect(checked(session)).toEqual([]);
    // A record that hides the drop does not add up: the phone missed 3 in a row and is still in the next commitment's place.
    for (const shoe of exported.table?.shoes ?? []) shoe.witnessChanges = shoe.witnessChanges?.filter((c) => c.change !== 'dropped');
    expect(checkNight(exported).map((f) => f.rule)).toContain('R34');
  });

  it('R34: a phone that stops answering costs the table the wait once: it is still asked, but the next cards do not wait for it, and it counts again once it answers', async () => {
    const session = open();
    const night = await startTableNight(session);
    const honest = new FakePhone(session, '00000000000000a1', 'true', 1);
    const sleeping = new FakePhone(session, '00000000000000c1', 'silent', 8);
    for (const phone of [honest, sleeping]) await phone.join(night.id);
    advancedMs = 0;
    let steps = 0;
    for (; currentNight(session).dealNumber < 1 || currentNight(session).turnsPlayed < 2; steps++) await step(session);
    const draws = revealsIn(journalOf(night.id)).draws;
    expect(draws).toBeGreaterThan(4);
    // Each step moves the clock 250 ms at least; on top of that, one wait of revealWaitMs for the sleeping phone, not one per card.
    expect(advancedMs).toBeLessThanOrEqual(steps * 250 + DEFAULT_RULES.revealWaitMs);
    expect(sleeping.pushes.filter((m) => m.kind === 'reveal-request').length).toBeGreaterThan(1);
    expect(revealsIn(journalOf(night.id)).byWitness.get(honest.id)).toBe(draws);
    expect(checked(session)).toEqual([]);
  });

  it("R34: the laptop's chain is kept sealed beside the night; a restart mid-night replays the same cards; the laptop goes on with its chain and a phone that comes back is a witness of the deal again", async () => {
    const first = open();
    const night = await startTableNight(first);
    const phone = new FakePhone(first, '00000000000000a1', 'true', 1);
    await phone.join(night.id);
    for (let i = 0; i < 12; i++) await step(first);
    const before = currentNight(first);
    const secretFile = path.join(folder.root, 'nights', `${night.id}.witness`);
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
    // Sealed like a deck's seed in play: no 64-hex secret in plain beside the night, whoever reads the folder.
    const kept = JSON.parse(fs.readFileSync(secretFile, 'utf8')) as { commitment: string; sealed: string };
    expect(Object.keys(kept).sort()).toEqual(['commitment', 'sealed']);
    expect(fs.readFileSync(secretFile, 'utf8').match(/[0-9a-f]{64}/g)).toEqual([kept.commitment]);
    expect(fs.readFileSync(path.join(folder.root, 'nights', `${night.id}.jsonl`), 'utf8')).not.toContain(
      fs.readFileSync(secretFile, 'utf8').trim(),
    );
    first.close();

    const again = open();
    const after = currentNight(again);
    expect(after.recentTurns).toEqual(before.recentTurns);
    expect(after.tableDraw).toEqual(before.tableDraw);
    const back = new FakePhone(again, phone.id, 'true', 1);
    // The phone kept its chain: it sends the head it has now.
    Object.assign(back, { revealed: (phone as unknown as { revealed: number }).revealed });
    expect(await back.join(night.id)).toMatchObject({ ok: true, data: { witness: phone.id, from: 'deal' } });
    for (let i = 0; i < 8; i++) await step(again);
    const journal = revealsIn(journalOf(night.id));
    expect(journal.byWitness.get(phone.id)).toBe(journal.draws);
    expect(checked(again)).toEqual([]);
  });

  it('R34: a phone is refused for another night and before it helps; reveals nobody asked for are late; a second chain under a taken id gets its own id and draws', async () => {
    const session = open();
    const night = await startTableNight(session);
    const phone = new FakePhone(session, '00000000000000a1', 'true', 1);
    expect(
      await session.tableWitnesses.answer('helpDeal', { night: 'another-night', witness: phone.id, head: phone.head }, phone),
    ).toMatchObject({ ok: false, error: { code: 'not-this-night' } });
    expect(
      await session.tableWitnesses.answer(
        'revealDraws',
        { night: night.id, witness: phone.id, request: 1, values: ['00'.repeat(32)] },
        phone,
      ),
    ).toMatchObject({ ok: false, error: { code: 'not-a-witness' } });
    await phone.join(night.id);
    expect(
      await session.tableWitnesses.answer(
        'revealDraws',
        { night: night.id, witness: phone.id, request: 99, values: ['00'.repeat(32)] },
        phone,
      ),
    ).toMatchObject({ ok: false, error: { code: 'reveal-late' } });
    // Another chain under a taken id gets an id of its own.
    const twin = new FakePhone(session, phone.id, 'true', 9);
    expect(await twin.join(night.id)).toMatchObject({ ok: true });
    expect(twin.id).not.toBe(phone.id);
    while (currentNight(session).turnsPlayed < 2) await step(session);
    const steps = journalOf(night.id).flatMap((e) => e.table ?? []);
    const commitment = steps.find((s) => 'heads' in s);
    expect(commitment && 'heads' in commitment ? commitment.heads.map((w) => w.id) : []).toEqual(
      [LAPTOP_WITNESS, phone.id, twin.id].sort(),
    );
    const firstDraw = steps.find((s) => 'reveals' in s);
    const twinValue = firstDraw && 'reveals' in firstDraw ? firstDraw.reveals.find((v) => v.id === twin.id)?.value : undefined;
    const twinHead = commitment && 'heads' in commitment ? commitment.heads.find((w) => w.id === twin.id)?.head : undefined;
    expect(revealMatches(twinHead ?? '', twinValue ?? '')).toBe(true);
    expect(checked(session)).toEqual([]);
  });
});
