import type { EngineCommand } from '../../src/main/engine';
import {
  decideStep,
  emptyNight,
  exportNight,
  keepStep,
  laptopCommitment,
  LaptopWitness,
  ownRecord,
  signerOf,
  recordedCommandOf,
  type Dealer,
  type NightExport,
} from '../../src/main/night';
import { DEFAULT_RULES } from '../../src/shared/settings';
import { LAPTOP_WITNESS } from '../../src/shared/tableDraw';
import { sha256Hex } from '../../src/shared/sha256';

/** The phone witness of the nights below. */
export const TABLE_NIGHT_PHONE = '00000000000000a1';

/**
 * A night whose cards the table draws (docs/rules.md R34), played by the
 * engine with the laptop and one phone as witnesses, the phone missing
 * every `missEvery`-th draw (it answered too late), ended and exported as
 * the checkers read it. For the tests of the night checker and of the
 * phone's own check. `laptopChainLength` shortens the laptop's chains, so
 * a short night starts new ones (R34 *Chains that run out*); a phone whose
 * chain is spent is missing from then on.
 */
export function playTableNight(options: {
  nightId: string;
  players: string[];
  startingChips: number;
  turns: number;
  phoneChain: string[];
  missEvery: number;
  laptopChainLength?: number;
}): NightExport {
  const laptop = new LaptopWitness(
    Uint8Array.from({ length: 32 }, (_, i) => 0x11 * i),
    options.laptopChainLength ?? 4096,
  );
  const phoneChain = options.phoneChain;
  type State = Parameters<Dealer['commit']>[0];
  const phoneHead = (state: State) => state.witnesses?.heads.find((w) => w.id === TABLE_NIGHT_PHONE)?.head;
  const phoneNext = (state: State) => phoneChain[phoneChain.indexOf(phoneHead(state) ?? '') + 1];
  /** The phone's membership as the host's desk keeps it: misses in a row, and what the next commitment must record. */
  const phone = { member: true, missedInARow: 0, lastDraw: 0, changes: [] as { witness: string; change: 'dropped'; afterDraw: number }[] };
  const dealer: Dealer = {
    drawsByTable: true,
    seed: () => {
      throw new Error('no deck is shuffled when the table draws');
    },
    commit: (state) => {
      const own = laptopCommitment(laptop, state);
      // R34 *Who was asked*: the phone helps deal from the first commitment on, until it is dropped.
      const witnessChanges = state.witnesses
        ? phone.changes.splice(0)
        : [{ witness: TABLE_NIGHT_PHONE, change: 'joined' as const, afterDraw: 0 }];
      return {
        heads: [own.head, ...(phone.member ? [{ id: TABLE_NIGHT_PHONE, head: phoneHead(state) ?? (phoneChain[0] as string) }] : [])],
        ...(own.newChains ? { newChains: own.newChains } : {}),
        witnessChanges,
      };
    },
    reveal: (state) => {
      const own = { id: LAPTOP_WITNESS, value: laptop.nextReveal(state) };
      if (!state.witnesses?.heads.some((w) => w.id === TABLE_NIGHT_PHONE)) return { reveals: [own], missing: [] };
      const k = (state.witnesses.draws ?? 0) + 1;
      const value = phoneNext(state);
      const missing = k % options.missEvery === 0 || value === undefined;
      // R34: a phone missing 3 draws in a row is dropped from the next commitment on, and the record says so.
      if (k > phone.lastDraw) {
        phone.lastDraw = k;
        phone.missedInARow = missing ? phone.missedInARow + 1 : 0;
        if (phone.missedInARow >= 3 && phone.member) {
          phone.member = false;
          phone.changes.push({ witness: TABLE_NIGHT_PHONE, change: 'dropped', afterDraw: k });
        }
      }
      return {
        reveals: [own, ...(missing || value === undefined ? [] : [{ id: TABLE_NIGHT_PHONE, value }])],
        missing: missing ? [TABLE_NIGHT_PHONE] : [],
      };
    },
  };
  const night = emptyNight();
  const play = (command: EngineCommand) => {
    const decided = decideStep(night, command, night.state.stateId, dealer);
    if (!decided.ok) throw new Error(decided.error.message);
    keepStep(night, decided.step, {
      // The time on the line, as the session records it (the start's and the end's are their commands' own).
      ...('at' in command && typeof command.at === 'string' ? { at: command.at } : {}),
      command: recordedCommandOf(command as Exclude<EngineCommand, { type: 'shuffle' | 'commit' | 'reveal' }>),
      // The commitments and reveals, as the journal keeps them with the line (R34 *Who was asked* among them).
      ...(decided.step.table.length > 0 ? { table: decided.step.table } : {}),
    });
  };
  play({
    type: 'start',
    nightId: options.nightId,
    at: '2026-11-26T20:00:00.000Z',
    players: options.players.map((id) => ({ id, name: id.toUpperCase() })),
    startingChips: options.startingChips,
    chipValue: 0,
    currency: 'EUR',
    settings: { ...DEFAULT_RULES, cards: 'table', pair: 'redeal' },
    carryIn: 0,
  });
  play({ type: 'draw' });
  for (let turn = 0; turn < options.turns; turn++) {
    play({ type: 'deal' });
    if (night.state.phase.kind === 'bet') play({ type: 'bet', amount: 1 });
  }
  play({ type: 'end', at: '2026-11-26T23:00:00.000Z' });
  // Signed like a simulated night (R35), so the checker checks its record too.
  const signer = signerOf('l-00000000000034a1', sha256Hex(`table night ${options.nightId}`));
  const record = ownRecord(night, signer, 'Table night laptop');
  return JSON.parse(JSON.stringify(exportNight(night, undefined, undefined, record))) as NightExport;
}
