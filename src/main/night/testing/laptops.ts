import { createHash } from 'node:crypto';
import { DEFAULT_RULES, type RuleSettings } from '../../../shared/settings';
import { betLimits, pairCallsFor, type EngineCommand } from '../../engine';
import { rankOf } from '../../../shared/cards';
import { chainedJournal, recordedCommandOf, type JournalEntry, type JournalLine, type SealedSeed, type SeedOpener } from '../format';
import { decideStep, emptyNight, keepStep, seedsRetired, type PlayedNight } from '../play';
import { handOverLine, nightEpoch, replayHeldCopy, takeOverLine } from '..';
import type { HeldCopy } from '../move';

/**
 * A night played on laptops that move it (docs/rules.md R35), for tests: each
 * laptop seals the seeds it draws with its own key (here: a map it alone
 * holds), so a copy on another laptop cannot open the deck in play and
 * replays by the cards the lines show. The journal is the holder's, lines
 * written exactly as the store writes them: a deck in play sealed, a retired
 * one revealed in plain (R12), every line chained at its writer's epoch.
 */

export const LAPTOPS = ['l-00000000000000a1', 'l-00000000000000b2', 'l-00000000000000c3'] as const;
export const NIGHT_ID = '2026-12-06-move01';
const AT = '2026-12-06T20:00:00.000Z';

export class LaptopsNight {
  /** The journal's lines as on the holder's disk, across every epoch. */
  lines: JournalLine[] = [];
  /** The holder's night, as it plays it live. */
  night: PlayedNight;
  holder: string;
  /** Each laptop's key: the seeds it sealed, by commitment. */
  private readonly keys = new Map<string, Map<string, string>>();
  private seeds = 0;

  private constructor(night: PlayedNight, holder: string) {
    this.night = night;
    this.holder = holder;
  }

  static start(options: { players?: number; settings?: Partial<RuleSettings>; startingChips?: number; label?: string } = {}): LaptopsNight {
    const table = new LaptopsNight(emptyNight(), LAPTOPS[0]);
    table.label = options.label ?? 'move';
    const players = Array.from({ length: options.players ?? 3 }, (_, i) => ({ id: `p${i}`, name: `Player ${i}` }));
    table.must({
      type: 'start',
      nightId: NIGHT_ID,
      at: AT,
      players,
      startingChips: options.startingChips ?? 30,
      chipValue: 25,
      currency: 'EUR',
      settings: { ...DEFAULT_RULES, ...options.settings },
      carryIn: 0,
    });
    return table;
  }

  private label = 'move';

  /** The next seed the holder's dealer draws (deterministic for the test). */
  private nextSeed = (): string => createHash('sha256').update(`${this.label}:${this.seeds++}`).digest('hex');

  /** Plays a command on the holder's night and writes its line; the refusal's message, or null. */
  play(command: EngineCommand): string | null {
    const decided = decideStep(this.night, command, this.night.state.stateId, this.nextSeed);
    if (!decided.ok) return decided.error.message;
    const { step } = decided;
    const epoch = nightEpoch(this.night);
    const entry: JournalEntry = {
      at: AT,
      command: recordedCommandOf(command as Exclude<EngineCommand, { type: 'shuffle' }>),
      ...(step.seeds.length > 0 ? { seeds: step.seeds } : {}),
      ...(step.shown.length > 0 ? { shown: step.shown } : {}),
      ...(step.table.length > 0 ? { table: step.table } : {}),
      ...(epoch > 1 ? { epoch } : {}),
    };
    this.write(entry, seedsRetired(step.events));
    keepStep(this.night, step, entry);
    return null;
  }

  must(command: EngineCommand): void {
    const refused = this.play(command);
    if (refused !== null) throw new Error(`${command.type} refused: ${refused}`);
  }

  /** The line as the holder's store writes it: seeds of decks still in play sealed with its key, those retired here revealed. */
  private write(entry: JournalEntry, retired: readonly string[]): void {
    const drawn = entry.seeds ?? [];
    const { seeds: _seeds, ...rest } = entry;
    const line: JournalLine = { ...rest };
    if (drawn.length > 0) line.seeds = drawn.map((seed) => (retired.includes(seed) ? seed : this.seal(seed)));
    const revealed = retired.filter((seed) => !drawn.includes(seed));
    if (revealed.length > 0) line.revealed = revealed;
    this.lines.push(line);
  }

  private seal(seed: string): SealedSeed {
    const commitment = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
    const key = this.keys.get(this.holder) ?? new Map<string, string>();
    key.set(commitment, seed);
    this.keys.set(this.holder, key);
    return { commitment, sealed: Buffer.alloc(60, this.holder.at(-1)).toString('base64url') };
  }

  /** Opens what `laptop` sealed, as its store's key does; throws for any other laptop's seal. */
  opener(laptop: string): SeedOpener {
    return (sealed) => {
      const seed = this.keys.get(laptop)?.get(sealed.commitment);
      if (seed === undefined) throw new Error(`it was not sealed by ${laptop}`);
      return seed;
    };
  }

  /** The journal's text, its first `lines` lines (all by default). */
  text(lines = this.lines.length): string {
    return chainedJournal(NIGHT_ID, this.lines.slice(0, lines)).text;
  }

  /** The copy `laptop` holds of the first `lines` lines, replayed with its own key. */
  copyOn(laptop: string, lines = this.lines.length): HeldCopy {
    const read = replayHeldCopy(this.text(lines), this.opener(laptop));
    if (!read.ok) throw new Error(`the copy on ${laptop} does not replay: ${read.problem}`);
    return read;
  }

  /** R35 *Handed over*: the holder's last line, then the new holder's takeover; the refusal's message, or null. */
  handOver(to: string): string | null {
    const handed = handOverLine(this.night, to, this.holder, AT);
    if (!handed.ok) return handed.error.message;
    this.write(handed.entry, seedsRetired(handed.step.events));
    keepStep(this.night, handed.step, handed.entry);
    const taken = this.takeOver(to);
    return typeof taken === 'string' ? taken : null;
  }

  /**
   * R35 *Taken over*: `by` goes on from its copy of the first `lines` lines; the old holder's lines after them
   * are kept aside (returned). The refusal's message, or the lines kept aside.
   */
  takeOver(by: string, lines = this.lines.length): { aside: JournalLine[] } | string {
    const copy = this.copyOn(by, lines);
    const from = this.holder;
    this.holder = by;
    const moved = takeOverLine(copy, from, by, this.nextSeed, AT);
    if (!moved.ok) {
      this.holder = from;
      return moved.error.message;
    }
    const aside = this.lines.splice(lines);
    this.write(moved.entry, seedsRetired(moved.step.events));
    keepStep(copy.night, moved.step, moved.entry);
    this.night = copy.night;
    return { aside };
  }
}

/** A legal command for the table as it stands, chosen by `r` in [0, 1); null when the night can only end. */
export function someCommand(night: PlayedNight, r: number): EngineCommand | null {
  const { state } = night;
  switch (state.phase.kind) {
    case 'draw':
      return { type: 'draw' };
    case 'ready': {
      // A player out of chips buys in again, so the night can always go on (R6).
      const withChips = state.players.filter((p) => !p.left && !p.sittingOut && (state.stacks[p.id] ?? 0) > 0);
      const broke = state.players.find((p) => !p.left && !p.sittingOut && (state.stacks[p.id] ?? 0) === 0);
      if (withChips.length < 2 && broke) return { type: 'buy-in', playerId: broke.id, amount: 20 };
      return { type: 'deal' };
    }
    case 'cut':
      return { type: 'cut', cut: Math.floor(r * (state.deck?.cards.length ?? 1)) };
    case 'ace-call':
      return { type: 'ace-call', call: r < 0.5 ? 'low' : 'high' };
    case 'pair-call': {
      const calls = pairCallsFor(rankOf(state.turn?.posts[0] ?? '2C'));
      return { type: 'pair-call', call: calls[Math.floor(r * calls.length)] ?? 'higher' };
    }
    case 'bet': {
      const limits = betLimits(state);
      if (!limits || limits.max < 1) return { type: 'void-turn' };
      return { type: 'bet', amount: 1 + Math.floor(r * Math.min(limits.max, 4)) };
    }
    default:
      return null;
  }
}

/** Plays legal commands until the table waits for `phase` (at most `limit` of them); whether it got there. */
export function playUntil(table: LaptopsNight, phase: string, limit = 500): boolean {
  for (let i = 0; i < limit && table.night.state.phase.kind !== phase; i++) {
    const command = someCommand(table.night, ((i * 7919) % 1000) / 1000);
    if (!command) return false;
    table.must(command);
  }
  return table.night.state.phase.kind === phase;
}
