import { LAPTOP_WITNESS, LINK_BYTES, bytesOfHex } from '../../../shared/tableDraw';
import { SEED_BYTES, type EngineCommand, type EngineState } from '../../engine';
import { laptopCommitment, LaptopWitness, type Dealer, type DecidedStep } from '../../night';
import type { DealerRepository } from '../../store/repository';
import { RevealsNeeded, type DeskSession, type WitnessDesk } from './witnessDesk';

/** What the table's dealer needs of the session: the desk's view of it, randomness, and where the laptop's secret is kept. */
export interface TableDealerSession extends DeskSession {
  readonly randomBytes: (size: number) => Uint8Array;
  readonly repo: Pick<DealerRepository, 'witnessSecrets' | 'journals'>;
  readonly now: () => Date;
  /** Runs work the current command leaves for after its answer (sessionState.ts). */
  readonly afterAnswer: (job: () => void) => void;
}

/**
 * The dealer of a night whose cards the table draws (docs/rules.md R34,
 * docs/table-draw.md): the laptop's chain, from the secret kept sealed
 * beside the night's journal, and the phones' values the desk collected. A draw whose
 * phones have not been asked yet throws RevealsNeeded when the caller can
 * wait for them (GameSession.run); a caller that cannot (runNow: the
 * simulator, a benchmark without phones) draws without them, recorded as
 * missing, as R34 says of a phone that does not answer.
 */
export class TableDealer {
  /** The laptop's secret for this night, and its chain once made (null until the night's first need, or Start's answer). */
  private laptop: { nightId: string; secret: Uint8Array; witness: LaptopWitness | null } | null = null;
  /** Set while a command may wait for the phones' reveals. */
  canWait = false;
  /** R34 *A lost chain*: the night whose next commitment replaces a lost chain, and says so, until a line holding it is kept. */
  private restartOf: string | null = null;

  constructor(
    private readonly state: TableDealerSession,
    readonly desk: WitnessDesk,
  ) {}

  /** Whether this command on this night is dealt by the table (the start command carries the night's settings). */
  static drawsByTable(state: Pick<DeskSession, 'night'>, command: EngineCommand): boolean {
    if (command.type === 'start') return command.settings.cards === 'table';
    return state.night?.state.settings.cards === 'table';
  }

  /**
   * The laptop's chain for a new night: its secret drawn and kept beside the journal before the night's first line.
   * The chain itself (4,097 hashes, 8-25 ms) is made after Start's answer: the night's first commitment comes with
   * the draw for the dealer (R7), a command later, and makes it then if it is not made yet.
   */
  startNight(nightId: string): void {
    const secret = this.state.randomBytes(LINK_BYTES);
    this.state.repo.witnessSecrets.write(nightId, Buffer.from(secret).toString('hex'));
    this.laptop = { nightId, secret, witness: null };
    this.state.afterAnswer(() => {
      if (this.laptop?.nightId === nightId) this.laptopOf(nightId);
    });
  }

  /**
   * R34 *A lost chain*: whether the laptop can still reveal in this night
   * (its secret is beside the journal, opens, and the laptop's head in
   * force is on its chains). If not, a fresh secret from the secure random
   * source takes its place (a damaged file is first set aside, never
   * deleted; a readable secret of another night is never used, as its
   * values are public) and the night's next commitment starts a new chain
   * for the laptop, marked new and saying why. Returns what was wrong, for
   * the host's notice; null when nothing was.
   */
  replaceLostChain(state: EngineState): { problem: string; setAsideAs: string } | null {
    const nightId = state.nightId;
    let problem: string | null = null;
    try {
      if (!this.laptopOf(nightId).holds(state)) problem = "its secret does not make the laptop's chain of this night (another night's?)";
    } catch (error) {
      problem = (error as Error).message;
    }
    if (problem === null) return null;
    const setAsideAs = this.state.repo.journals.setWitnessFileAside(nightId, this.state.now());
    const secret = this.state.randomBytes(LINK_BYTES);
    this.state.repo.witnessSecrets.write(nightId, Buffer.from(secret).toString('hex'));
    this.laptop = { nightId, secret, witness: new LaptopWitness(secret) };
    this.restartOf = nightId;
    return { problem, setAsideAs };
  }

  /** After a command's line is kept: a lost chain's commitment, once on the record, is said no more. */
  afterKept(step: DecidedStep): void {
    if (step.table.some((s) => 'heads' in s && s.reason)) this.restartOf = null;
  }

  private laptopOf(nightId: string): LaptopWitness {
    const held = this.laptop;
    if (held?.nightId === nightId) return (held.witness ??= new LaptopWitness(held.secret));
    const hex = this.state.repo.witnessSecrets.read(nightId);
    if (hex === undefined)
      throw new Error(`the laptop's chain for night ${nightId} is not beside its journal: its cards cannot be drawn (R34)`);
    const secret = bytesOfHex(hex);
    const witness = new LaptopWitness(secret);
    this.laptop = { nightId, secret, witness };
    return witness;
  }

  dealer(): Dealer {
    return {
      drawsByTable: true,
      seed: () => this.state.hex(SEED_BYTES),
      commit: (state) => {
        const laptop = laptopCommitment(this.laptopOf(state.nightId), state);
        const restart = this.restartOf === state.nightId ? ({ reason: 'laptop-chain-lost' } as const) : {};
        const witnessChanges = this.desk.witnessChanges(state);
        return {
          heads: [laptop.head, ...this.desk.nextWitnesses(state)],
          ...(laptop.newChains ? { newChains: laptop.newChains } : {}),
          ...restart,
          witnessChanges,
        };
      },
      reveal: (state) => {
        const own = { id: LAPTOP_WITNESS, value: this.laptopOf(state.nightId).nextReveal(state) };
        const phones = (state.witnesses?.heads ?? []).filter((w) => w.id !== LAPTOP_WITNESS);
        if (phones.length === 0) return { reveals: [own], missing: [] };
        const k = (state.witnesses?.draws ?? 0) + 1;
        const collected = this.desk.collectedFor(k, phones);
        if (collected) return { reveals: [own, ...collected.reveals], missing: collected.missing };
        if (this.canWait) throw new RevealsNeeded(k, phones);
        return { reveals: [own], missing: phones.map((w) => w.id) };
      },
    };
  }
}
