import { commandError, type CommandError } from '../../../shared';
import {
  helpDealArgs,
  MISSES_BEFORE_DROPPED,
  revealDrawsArgs,
  type HelpDealAnswer,
  type RevealDrawsAnswer,
  type WitnessMethod,
  type WitnessPush,
} from '../../../shared/witnessWire';
import {
  bytesOfHex,
  isWitnessId,
  LAPTOP_WITNESS,
  revealMatches,
  sha256Hex,
  type WitnessHead,
  type WitnessReveal,
} from '../../../shared/tableDraw';
import type { EngineState } from '../../engine';
import type { DecidedStep, PlayedNight, WitnessChange } from '../../night';
import type { WitnessLine } from '../service';

/** What the desk reads of the session: the night open now, and random ids. Narrow, so the desk does not import the session's state. */
export interface DeskSession {
  readonly night: PlayedNight | null;
  hex(bytes: number): string;
}

/**
 * The phones helping deal (docs/table-draw.md), on the host: who has joined,
 * on which socket, and the reveals collected for the draw the command in
 * hand needs. It asks, waits and checks; the command itself is decided by
 * the table dealer (tableDealer.ts) from what was collected here.
 */

/** Thrown by the table dealer when draw `k` needs the phones' values and none were collected yet: the session asks, then decides again. */
export class RevealsNeeded extends Error {
  override readonly name = 'RevealsNeeded';
  constructor(
    readonly k: number,
    readonly phones: readonly WitnessHead[],
  ) {
    super(`draw ${k} waits for ${phones.length} phones`);
  }
}

/** The values collected for one draw: each phone that answered truly in time, and the ones left out. */
export interface CollectedDraw {
  /** The phones' heads the values were checked against. */
  heads: readonly WitnessHead[];
  reveals: WitnessReveal[];
  missing: string[];
}

interface PhoneWitness {
  id: string;
  /** The head it sent when it joined, its head until a commitment holds it. */
  joinedHead: string;
  line: WitnessLine | null;
  missedInARow: number;
  /**
   * It let the last request it was asked run out: the laptop stops waiting
   * for it (it is still asked, and its value still counts if it comes in
   * time) until it answers again, so a phone whose screen went to sleep
   * costs the table the wait once, not on every card until it is dropped.
   */
  quiet: boolean;
  dropped: boolean;
  /** The status last told to the phone. */
  told: 'next-deal' | 'witness' | 'dropped' | null;
}

interface OpenRequest {
  request: number;
  k: number;
  heads: Map<string, string>;
  waitingFor: Set<string>;
  /** The phones the draw waits for: those asked that are not quiet. */
  mustWaitFor: Set<string>;
  accepted: Map<string, string>;
  finish: () => void;
}

/** A request sent out for one draw: who was asked, who answered truly so far, who has not. */
interface AskedDraw {
  request: number;
  phones: number;
  mustWait: boolean;
  accepted: Map<string, string>;
  unanswered: Set<string>;
  /** Calls `done` when the last phone waited for answers. */
  finishWith(done: () => void): void;
}

type Answer<T> = { ok: true; data: T } | { ok: false; error: CommandError };

/** The largest number of links a reconnecting phone's head may be ahead of (or behind) the one the host holds. */
const CHAIN_SLACK = 64;

export class WitnessDesk {
  private nightId = '';
  private readonly phones = new Map<string, PhoneWitness>();
  private readonly collected = new Map<number, CollectedDraw>();
  private open: OpenRequest | null = null;
  private nextRequest = 1;
  /** R34 *Who was asked*: the phones' comings and goings since the last commitment kept, for the next one to record. */
  private changes: WitnessChange[] = [];

  constructor(private readonly state: DeskSession) {}

  /** The phones of tonight's table; a new night starts with none. */
  private phonesOf(nightId: string): Map<string, PhoneWitness> {
    if (nightId !== this.nightId) {
      this.nightId = nightId;
      this.phones.clear();
      this.collected.clear();
      this.changes = [];
    }
    return this.phones;
  }

  private note(witness: string, change: WitnessChange['change'], afterDraw = this.state.night?.state.witnesses?.draws ?? 0): void {
    this.changes.push({ witness, change, afterDraw });
  }

  /**
   * The changes the next commitment records (R34 *Who was asked*): those
   * noted since the last commitment kept, and a phone of the deal this desk
   * does not know (the host restarted since) as gone, since it is asked
   * nothing until it helps deal again.
   */
  witnessChanges(state: EngineState): WitnessChange[] {
    const phones = this.phonesOf(state.nightId);
    const unknown = (state.witnesses?.heads ?? []).filter((w) => w.id !== LAPTOP_WITNESS && !phones.has(w.id));
    const gone = unknown
      .filter((w) => !this.changes.some((c) => c.witness === w.id && c.change === 'left'))
      .map((w) => ({ witness: w.id, change: 'left' as const, afterDraw: state.witnesses?.draws ?? 0 }));
    return [...this.changes, ...gone];
  }

  answer(method: WitnessMethod, args: unknown, line: WitnessLine): Answer<HelpDealAnswer | RevealDrawsAnswer> {
    return method === 'helpDeal' ? this.helpDeal(args, line) : this.revealDraws(args, line);
  }

  /** A socket closed: its witness is asked nothing more (and misses) until it sends helpDeal again. */
  lineClosed(line: WitnessLine): void {
    for (const phone of this.phones.values()) {
      if (phone.line !== line) continue;
      phone.line = null;
      this.note(phone.id, 'left');
    }
    const open = this.open;
    if (!open) return;
    for (const id of [...open.waitingFor]) {
      if (this.phones.get(id)?.line !== null) continue;
      open.waitingFor.delete(id);
      open.mustWaitFor.delete(id);
    }
    if (open.mustWaitFor.size === 0) open.finish();
  }

  private tableNight(night: string): { ok: true; state: EngineState } | { ok: false; error: CommandError } {
    const open = this.state.night;
    if (!open) return { ok: false, error: commandError('no-night', 'No night is open: a phone helps deal once one has started.') };
    const state = open.state;
    if (state.phase.kind === 'ended')
      return { ok: false, error: commandError('night-closed', 'The night has ended: no card is left to draw.') };
    if (state.settings.cards !== 'table')
      return {
        ok: false,
        error: commandError('rule-off', 'Tonight the cards come from a shuffled deck: phones do not help deal (R34).', 'R34'),
      };
    if (night !== state.nightId)
      return {
        ok: false,
        error: commandError('not-this-night', `This phone helps deal at night ${night}, but night ${state.nightId} is open (R34).`, 'R34'),
      };
    return { ok: true, state };
  }

  private helpDeal(args: unknown, line: WitnessLine): Answer<HelpDealAnswer> {
    const parsed = helpDealArgs.safeParse(args);
    if (!parsed.success)
      return {
        ok: false,
        error: commandError('invalid-input', parsed.error.issues[0]?.message ?? 'helpDeal takes {night, witness, head}'),
      };
    const { night, head } = parsed.data;
    const table = this.tableNight(night);
    if (!table.ok) return table;
    const phones = this.phonesOf(night);
    const inDeal = new Map((table.state.witnesses?.heads ?? []).map((w) => [w.id, w.head]));
    let id = parsed.data.witness;
    const sent = phones.get(id);
    const held = inDeal.get(id) ?? sent?.joinedHead;
    if (held !== undefined && held !== head && !sameChain(held, head)) id = this.freshId(phones, inDeal);
    // One witness per socket: a phone that sends another id leaves its old one behind.
    for (const other of phones.values()) {
      if (other.line !== line || other.id === id) continue;
      other.line = null;
      this.note(other.id, 'left');
    }
    const known = phones.get(id);
    // R34 *Who was asked*: a new phone joins; one dropped, gone, or in the deal's commitment before a restart comes back.
    const cameBack = known !== undefined && (known.dropped || known.line === null);
    if (!known) this.note(id, inDeal.has(id) ? 'came-back' : 'joined');
    else if (cameBack) this.note(id, 'came-back');
    const phone = known ?? { id, joinedHead: head, line, missedInARow: 0, quiet: false, dropped: false, told: null };
    // Back at the table, it is counted from 0 again, as after a reveal (and the record says so).
    if (cameBack) phone.missedInARow = 0;
    phone.line = line;
    // It has just spoken: the next draw waits for it again.
    phone.quiet = false;
    if (!inDeal.has(id)) phone.joinedHead = head;
    if (phone.dropped) Object.assign(phone, { dropped: false, missedInARow: 0 });
    phones.set(id, phone);
    const from = inDeal.has(id) ? 'deal' : 'next-deal';
    phone.told = from === 'deal' ? 'witness' : 'next-deal';
    return { ok: true, data: { witness: id, head: inDeal.get(id) ?? head, from } };
  }

  private freshId(phones: ReadonlyMap<string, unknown>, inDeal: ReadonlyMap<string, unknown>): string {
    for (;;) {
      const id = this.state.hex(8);
      if (isWitnessId(id) && id !== LAPTOP_WITNESS && !phones.has(id) && !inDeal.has(id)) return id;
    }
  }

  private revealDraws(args: unknown, line: WitnessLine): Answer<RevealDrawsAnswer> {
    const parsed = revealDrawsArgs.safeParse(args);
    if (!parsed.success)
      return {
        ok: false,
        error: commandError('invalid-input', parsed.error.issues[0]?.message ?? 'revealDraws takes {night, witness, request, values}'),
      };
    const { night, witness, request, values } = parsed.data;
    const table = this.tableNight(night);
    if (!table.ok) return table;
    if (this.phonesOf(night).get(witness)?.line !== line) {
      return {
        ok: false,
        error: commandError(
          'not-a-witness',
          `Witness ${witness} is not helping deal on this connection: send helpDeal first (R34).`,
          'R34',
        ),
      };
    }
    const open = this.open;
    if (!open || open.request !== request || !open.waitingFor.has(witness)) {
      return {
        ok: false,
        error: commandError(
          'reveal-late',
          `Reveal request ${request} is not open for witness ${witness}: the draw went on without it (R34).`,
          'R34',
        ),
      };
    }
    open.waitingFor.delete(witness);
    open.mustWaitFor.delete(witness);
    const value = values[0] as string;
    const truthful = revealMatches(open.heads.get(witness) ?? '', value);
    if (truthful) open.accepted.set(witness, value);
    const phone = this.phones.get(witness);
    if (phone) phone.quiet = false;
    if (open.mustWaitFor.size === 0) open.finish();
    if (!truthful)
      return {
        ok: false,
        error: commandError(
          'bad-reveal',
          `The value of witness ${witness} does not hash to its head: draw ${open.k} goes on without it (R34).`,
          'R34',
        ),
      };
    return { ok: true, data: { accepted: true } };
  }

  /**
   * Asks every phone witness of the deal for its value for draw `k`, waits
   * at most the night's `revealWaitMs` (or until all have answered), and
   * keeps what was truthful for the dealer. A phone with no socket is left
   * out at once; a quiet one (it let its last request run out) is asked but
   * not waited for.
   */
  async collect(needed: RevealsNeeded, waitMs: number): Promise<void> {
    const asked = this.ask(needed, waitMs);
    if (asked.phones > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => done(), asked.mustWait ? waitMs : 0);
        const done = (): void => {
          clearTimeout(timer);
          this.closeRequest(asked.request);
          resolve();
        };
        asked.finishWith(done);
      });
    }
    this.settle(needed, asked);
  }

  /**
   * The same as `collect`, waiting for nobody: only the values the phones
   * send while they are being asked count (a simulated phone answers at
   * once, or misses the draw). For the simulator, which plays synchronously.
   */
  collectAnsweredNow(needed: RevealsNeeded, waitMs: number): void {
    const asked = this.ask(needed, waitMs);
    this.closeRequest(asked.request);
    this.settle(needed, asked);
  }

  /** Opens request for draw `k` and sends it to every phone of the deal with a socket. */
  private ask(needed: RevealsNeeded, waitMs: number): AskedDraw {
    const { k, phones: heads } = needed;
    const phones = this.phonesOf(this.state.night?.state.nightId ?? '');
    const request = this.nextRequest++;
    const asked = heads.filter((w) => phones.get(w.id)?.line);
    const waitedFor = asked.filter((w) => phones.get(w.id)?.quiet === false);
    const accepted = new Map<string, string>();
    const unanswered = new Set(asked.map((w) => w.id));
    let finish = (): void => undefined;
    if (asked.length > 0) {
      this.open = {
        request,
        k,
        heads: new Map(heads.map((w) => [w.id, w.head])),
        waitingFor: unanswered,
        mustWaitFor: new Set(waitedFor.map((w) => w.id)),
        accepted,
        finish: () => finish(),
      };
      for (const w of asked)
        this.tell(w.id, { kind: 'reveal-request', night: this.nightId, witness: w.id, request, head: w.head, k, count: 1, waitMs });
    }
    const open = this.open;
    return {
      request,
      phones: asked.length,
      // Everyone waited for may have answered while being asked.
      mustWait: open?.request === request && open.mustWaitFor.size > 0,
      accepted,
      unanswered,
      finishWith: (done) => {
        finish = done;
      },
    };
  }

  private closeRequest(request: number): void {
    if (this.open?.request === request) this.open = null;
  }

  /** Keeps what was truthful for the dealer; who let the request run out is not waited for from the next draw. */
  private settle(needed: RevealsNeeded, asked: AskedDraw): void {
    const phones = this.phonesOf(this.state.night?.state.nightId ?? '');
    // A liar answered, so waiting for it costs nothing: only who stayed silent turns quiet.
    for (const id of asked.unanswered) {
      const phone = phones.get(id);
      if (phone) phone.quiet = true;
    }
    const heads = needed.phones;
    const reveals = heads.filter((w) => asked.accepted.has(w.id)).map((w) => ({ id: w.id, value: asked.accepted.get(w.id) as string }));
    this.collected.set(needed.k, { heads, reveals, missing: heads.filter((w) => !asked.accepted.has(w.id)).map((w) => w.id) });
  }

  /** The values collected for draw `k` against these heads, if any. */
  collectedFor(k: number, heads: readonly WitnessHead[]): CollectedDraw | null {
    const got = this.collected.get(k);
    if (!got || got.heads.length !== heads.length || !got.heads.every((w, i) => w.id === heads[i]?.id && w.head === heads[i]?.head))
      return null;
    return got;
  }

  /** The phones in the next commitment: connected, joined, not dropped; each with its head now. */
  nextWitnesses(state: EngineState): WitnessHead[] {
    const inDeal = new Map((state.witnesses?.heads ?? []).map((w) => [w.id, w.head]));
    return [...this.phonesOf(state.nightId).values()]
      .filter((p) => p.line !== null && !p.dropped)
      .map((p) => ({ id: p.id, head: inDeal.get(p.id) ?? p.joinedHead }));
  }

  /** After a command's journal line is written: misses counted, phones that missed 3 in a row dropped, each phone told what it now is. */
  afterKept(step: DecidedStep): void {
    if (step.table.length === 0) return;
    const phones = this.phonesOf(step.state.nightId);
    this.collected.clear();
    // The commitment kept has recorded the changes so far.
    if (step.table.some((t) => 'heads' in t)) this.changes = [];
    for (const event of step.events) {
      if (event.type === 'card-drawn') {
        for (const { id } of event.reveals) {
          const phone = phones.get(id);
          if (phone) phone.missedInARow = 0;
        }
        for (const id of event.missing) {
          const phone = phones.get(id);
          if (!phone) continue;
          phone.missedInARow++;
          if (phone.missedInARow >= MISSES_BEFORE_DROPPED && !phone.dropped) {
            phone.dropped = true;
            this.note(id, 'dropped', event.k);
          }
        }
      }
    }
    const inDeal = new Set((step.state.witnesses?.heads ?? []).map((w) => w.id));
    for (const phone of phones.values()) {
      const status = phone.dropped ? 'dropped' : inDeal.has(phone.id) ? 'witness' : 'next-deal';
      if (status === phone.told) continue;
      phone.told = status;
      this.tell(phone.id, { kind: 'witness-status', night: this.nightId, witness: phone.id, status, missedInARow: phone.missedInARow });
    }
  }

  private tell(id: string, message: WitnessPush): void {
    try {
      this.phones.get(id)?.line?.send(message);
    } catch {
      // A socket that fails to take a message misses the draw like a silent one.
    }
  }
}

/** Whether one head is a few links further down the other's chain (a phone that reconnected after revealing). */
function sameChain(a: string, b: string): boolean {
  return chainReaches(a, b) || chainReaches(b, a);
}

function chainReaches(from: string, to: string): boolean {
  let value = from;
  for (let i = 0; i < CHAIN_SLACK; i++) {
    value = sha256Hex(bytesOfHex(value));
    if (value === to) return true;
  }
  return false;
}
