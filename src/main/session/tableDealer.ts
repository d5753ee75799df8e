import { LAPTOP_WITNESS, LINK_BYTES, bytesOfHex } from '../../shared/tableDraw';
import { SEED_BYTES, type EngineCommand } from '../engine';
import { LaptopWitness, type Dealer } from '../night';
import type { SessionState } from './sessionState';
import { RevealsNeeded, type WitnessDesk } from './witnessDesk';

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
  private laptop: { nightId: string; witness: LaptopWitness } | null = null;
  /** Set while a command may wait for the phones' reveals. */
  canWait = false;

  constructor(
    private readonly state: SessionState,
    readonly desk: WitnessDesk,
  ) {}

  /** Whether this command on this night is dealt by the table (the start command carries the night's settings). */
  static drawsByTable(state: SessionState, command: EngineCommand): boolean {
    if (command.type === 'start') return command.settings.cards === 'table';
    return state.night?.state.settings.cards === 'table';
  }

  /** The laptop's chain for a new night: its secret drawn and kept beside the journal before the night's first line. */
  startNight(nightId: string): void {
    const secret = this.state.randomBytes(LINK_BYTES);
    this.state.repo.witnessSecrets.write(nightId, Buffer.from(secret).toString('hex'));
    this.laptop = { nightId, witness: new LaptopWitness(secret) };
  }

  private laptopOf(nightId: string): LaptopWitness {
    if (this.laptop?.nightId === nightId) return this.laptop.witness;
    const secret = this.state.repo.witnessSecrets.read(nightId);
    if (secret === undefined)
      throw new Error(`the laptop's chain for night ${nightId} is not beside its journal: its cards cannot be drawn (R34)`);
    this.laptop = { nightId, witness: new LaptopWitness(bytesOfHex(secret)) };
    return this.laptop.witness;
  }

  dealer(): Dealer {
    return {
      drawsByTable: true,
      seed: () => this.state.hex(SEED_BYTES),
      commit: (state) => {
        const witnessChanges = this.desk.witnessChanges(state);
        return {
          heads: [{ id: LAPTOP_WITNESS, head: this.laptopOf(state.nightId).headIn(state) }, ...this.desk.nextWitnesses(state)],
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
