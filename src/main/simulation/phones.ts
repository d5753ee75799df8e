import type { NightView } from '../../shared';
import { chainFrom, LAPTOP_WITNESS, LINK_BYTES } from '../../shared/tableDraw';
import type { WitnessPush } from '../../shared/witnessWire';
import type { TableWitnessDesk, WitnessLine } from '../session/service';
import type { SeededStream } from './seededStream';

/** How many phones at most help deal at a simulated table. */
const MAX_PHONES = 3;
/** Short chains, so a phone runs out of chain within a night (R34 *Chains that run out*). */
const CHAIN_LENGTHS = { min: 3, spread: 25 };

interface Phone {
  id: string;
  /** chainFrom: element 0 is the first head, element i the i-th value revealed. */
  chain: string[];
  /** The furthest element of the chain it has revealed (its head now). */
  at: number;
  line: WitnessLine | null;
  /** Draws it will still let run out without answering (its screen went to sleep). */
  asleepFor: number;
  /** The laptop told it it was dropped (3 draws missed in a row). */
  dropped: boolean;
}

/**
 * Phones helping deal at a simulated table whose cards the table draws
 * (docs/table-draw.md): between turns one now and then joins (late, after
 * the night began), leaves (its socket closes) or comes back; asked for a
 * draw, it answers at once, or misses it (now and then several in a row,
 * so the laptop drops it after 3, R34); its chain is short, so it runs out
 * and the phone stays silent until it is dropped, then joins again with a
 * new chain, under a new id. It talks to the host's real witness desk, as
 * a phone's socket does; its dice are a stream of their own, so the bots'
 * play and the dealer's draws depend on the phones only through the record.
 */
export class SimulatedPhones {
  private readonly phones: Phone[] = [];
  private night = '';

  constructor(
    private readonly desk: TableWitnessDesk,
    private readonly dice: SeededStream,
  ) {}

  /** Between turns: now and then a phone joins, leaves, comes back, or, its chain spent and dropped, joins anew. */
  betweenTurns(night: NightView): void {
    if (night.settings.cards !== 'table' || night.phase === 'ended') return;
    this.night = night.id;
    const dice = this.dice;
    if (this.phones.length < MAX_PHONES && dice.chance(0.1)) {
      this.join(this.newPhone());
      return;
    }
    const phone = this.phones[dice.below(Math.max(1, this.phones.length))];
    if (!phone) return;
    if (phone.line && dice.chance(0.03)) {
      const line = phone.line;
      phone.line = null;
      this.desk.lineClosed(line);
    } else if ((!phone.line || phone.dropped) && phone.at < phone.chain.length - 1 && dice.chance(0.3)) {
      this.join(phone);
    } else if (phone.at >= phone.chain.length - 1 && dice.chance(0.3)) {
      // Its chain is spent: a new one, and with it a new witness.
      const fresh = this.newPhone();
      if (phone.line) this.desk.lineClosed(phone.line);
      Object.assign(phone, { ...fresh, line: null });
      this.join(phone);
    }
  }

  private newPhone(): Phone {
    const secret = this.dice.bytes(LINK_BYTES);
    const length = CHAIN_LENGTHS.min + this.dice.below(CHAIN_LENGTHS.spread);
    let id = LAPTOP_WITNESS;
    while (id === LAPTOP_WITNESS) id = Array.from(this.dice.bytes(8), (b) => b.toString(16).padStart(2, '0')).join('');
    return { id, chain: chainFrom(secret, length), at: 0, line: null, asleepFor: 0, dropped: false };
  }

  private join(phone: Phone): void {
    if (!this.phones.includes(phone)) this.phones.push(phone);
    const line: WitnessLine = { send: (message) => this.hear(phone, line, message) };
    phone.line = line;
    phone.dropped = false;
    void this.desk.answer('helpDeal', { night: this.night, witness: phone.id, head: phone.chain[phone.at] }, line);
  }

  /** A request for the value under `head`: answered at once, or missed. */
  private hear(phone: Phone, line: WitnessLine, message: WitnessPush): void {
    if (phone.line !== line) return;
    if (message.kind === 'witness-status') {
      phone.dropped = message.status === 'dropped';
      return;
    }
    if (phone.asleepFor === 0 && this.dice.chance(0.04)) phone.asleepFor = 1 + this.dice.below(5);
    if (phone.asleepFor > 0) {
      phone.asleepFor--;
      return;
    }
    const at = phone.chain.indexOf(message.head);
    const value = at >= 0 ? phone.chain[at + 1] : undefined;
    // Out of chain: nothing left to reveal.
    if (value === undefined) return;
    phone.at = Math.max(phone.at, at + 1);
    void this.desk.answer(
      'revealDraws',
      { night: message.night, witness: message.witness, request: message.request, values: [value] },
      line,
    );
  }
}
