import type { ApiResult, AppView, CommandError } from '../../../shared';
import {
  helpDealAnswer,
  witnessPush,
  type HelpDealArgs,
  type RevealDrawsArgs,
  type RevealRequest,
  type WitnessStatus,
} from '../../../shared/witnessWire';
import type { PhoneWitness } from './witness';

/**
 * "Help deal" (docs/rules.md R34, docs/table-draw.md "The witness protocol"):
 * while tonight's cards are drawn by the table and its holder lets it, the
 * phone offers its chain's head to the host after every (re)connection, and
 * answers each reveal request with the values asked, at once and never
 * before it is asked. The chain lives in PhoneWitness; this is the
 * conversation with the host, kept free of Vue so it is tested as is.
 * The page loads it (and the hashing under it) only on a night whose cards
 * the table draws.
 */

/** What the phone is to the table now, as its page says it. */
export type HelpState = 'off' | 'joining' | WitnessStatus['status'] | 'refused';

/** The part of the phone's socket this needs. */
export interface WitnessLink {
  helpDeal(args: HelpDealArgs): Promise<ApiResult<unknown>>;
  revealDraws(args: RevealDrawsArgs): Promise<ApiResult<unknown>>;
}

export interface HelpDealEvents {
  /** Called after anything the page shows changed: the state, the cards helped, the refusal. */
  changed(): void;
}

export class HelpDeal {
  state: HelpState = 'off';
  /** Why the host refused this phone's help, when it did. */
  refusal: CommandError | string | null = null;
  private wanted = true;
  private open = false;
  private night: string | null = null;
  private witness: PhoneWitness | null = null;
  /** The helpDeal sent on this connection for this night, so a view push does not send it again. */
  private joinedOn: string | null = null;

  constructor(
    private readonly link: WitnessLink,
    /** This phone's chain for a night: the one it keeps, or a new one (witness.ts). */
    private readonly witnessFor: (night: string) => PhoneWitness,
    private readonly events: HelpDealEvents,
  ) {}

  /** This phone's witness id tonight, as the host knows it (the TV names a phone that missed a card by its first characters). */
  get witnessId(): string | null {
    return this.witness?.id ?? null;
  }

  /** Cards drawn with this phone's values tonight. */
  get helped(): number {
    return this.witness?.helped ?? 0;
  }

  /** The holder's toggle. Turned off, the phone answers no more reveal requests: the host leaves it out of each draw, then drops it. */
  setEnabled(on: boolean): void {
    if (on !== this.wanted) {
      this.wanted = on;
      // Turned on again: the head is offered again (the host may have dropped this phone meanwhile).
      this.joinedOn = null;
      if (!on) this.setState('off');
    }
    void this.join();
  }

  /** The socket opened (a reload, a wake-up, a new link) or closed: a new socket must offer the head again. */
  connection(open: boolean): void {
    this.open = open;
    this.joinedOn = null;
    void this.join();
  }

  /** A view came: tonight's night, whether its cards are the table's, whether it has ended. */
  view(next: AppView): void {
    const night = next.night;
    const tableNight = night !== null && night.settings.cards === 'table' && night.phase !== 'ended';
    const id = tableNight ? night.id : null;
    if (id !== this.night) {
      this.night = id;
      this.witness = null;
      this.joinedOn = null;
      this.refusal = null;
      this.setState('off');
    }
    void this.join();
  }

  /** A push from the host about dealing; anything that does not parse as one is ignored. */
  pushed(raw: unknown): void {
    const parsed = witnessPush.safeParse(raw);
    const witness = this.witness;
    if (!parsed.success || !witness) return;
    const message = parsed.data;
    if (message.night !== witness.night || message.witness !== witness.id) return;
    if (message.kind === 'reveal-request') void this.reveal(witness, message);
    else if (this.wanted) {
      this.setState(message.status);
      // Dropped while still here (three draws missed): offered again, a witness from the deal after next.
      if (message.status === 'dropped') {
        this.joinedOn = null;
        void this.join();
      }
    }
  }

  private async join(): Promise<void> {
    const night = this.night;
    if (!this.wanted || !this.open || night === null || this.joinedOn === night) return;
    this.joinedOn = night;
    if (this.state === 'off' || this.state === 'refused') this.setState('joining');
    this.witness ??= this.witnessFor(night);
    const witness = this.witness;
    try {
      const result = await this.link.helpDeal({ night, witness: witness.id, head: witness.head });
      if (this.night !== night) return;
      if (!result.ok) return this.refuse(result.error);
      const answer = helpDealAnswer.safeParse(result.data);
      if (!answer.success) return this.refuse('the dealer answered Help deal with something else');
      witness.adoptId(answer.data.witness);
      this.setState(answer.data.from === 'deal' ? 'witness' : 'next-deal');
    } catch (failure) {
      // The socket dropped on the way: the next connection offers the head again.
      this.joinedOn = null;
      if (!this.open) return;
      this.refuse(failure instanceof Error ? failure.message : String(failure));
    }
  }

  private async reveal(witness: PhoneWitness, request: RevealRequest): Promise<void> {
    if (!this.wanted) return;
    const values = witness.revealFor(request.head, request.count);
    if (values === null) return;
    try {
      const result = await this.link.revealDraws({ night: request.night, witness: witness.id, request: request.request, values });
      if (!result.ok) return;
      witness.helpedWith(request.k, request.count);
      this.events.changed();
    } catch {
      // Lost on the way: that draw goes on without this phone, which is shown on the table.
    }
  }

  private refuse(reason: CommandError | string): void {
    this.refusal = reason;
    this.setState('refused');
  }

  private setState(next: HelpState): void {
    this.state = next;
    if (next !== 'refused') this.refusal = null;
    this.events.changed();
  }
}
