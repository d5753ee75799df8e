import type { Payment, PayKind, SettleMode, TableScreen } from '../../shared';
import { nightPayment, type NightSummary, type PlayedNight } from '../night';
import type { DealerRepository } from '../store/repository';
import { saveQuietly } from './outcome';
import type { StoredRosterPlayer, StoredSettings } from '../store/schemas';
import type { PlayerMerge } from '../history';
import type { KeptBackups } from './domains/keptBackups';
import { GroupSync } from './domains/groupSync';
import { TableDealer } from './tableDraw/tableDealer';
import { WitnessDesk } from './tableDraw/witnessDesk';

/**
 * What the session's domains share: the store, the sources of time and
 * randomness, and what was read from the data folder. Only the session's
 * handlers change it, one command at a time (docs/design.md: one writer).
 */
export class SessionState {
  /** The roster as kept, payment details included: the view gets it without them (publicRoster). */
  roster: StoredRosterPlayer[] = [];
  /** Read at start-up (startup.ts) before anything else uses it. */
  settings!: StoredSettings;
  index: NightSummary[] = [];
  night: PlayedNight | null = null;
  /** What the TV shows; kept in memory only (a restart shows the live table). */
  tableScreen: TableScreen = { kind: 'live' };
  /** The night transfers marked paid (M3), from the tab file. */
  paidTransfers: ReadonlySet<string> = new Set();
  /** How each night is settled up where the host chose (M3), from the tab file; the fewest transfers otherwise. */
  settleModes: Readonly<Record<string, SettleMode>> = {};
  /** The settle mode the host chose last, for screens with no night of their own; in memory like tableScreen. Each night's own is in settleModes. */
  settleMode: SettleMode = 'fewest';
  /** Roster players counted as another (history/aliases.ts), from the aliases file. */
  merges: PlayerMerge[] = [];
  /** The kinds of payment detail the host turned off, by night, from the tab file (kept with the settle modes). */
  hiddenPay: Readonly<Record<string, PayKind[]>> = {};
  /** Set once at start-up (startup.ts), after the history is read: a backup is made of it. */
  backups!: KeptBackups;
  /** The group this laptop shares its history with, its folder's reader and their caches (groupDomain.ts changes it). */
  readonly group = new GroupSync();
  /** R34: the laptop's chain and the phones helping deal, for nights whose cards the table draws. */
  readonly table: TableDealer = new TableDealer(this, new WitnessDesk(this));

  constructor(
    readonly repo: DealerRepository,
    /** The OS's secure random source (R9); tests and the simulator pass a seeded one. */
    readonly randomBytes: (size: number) => Uint8Array,
    readonly now: () => Date,
  ) {}

  /** When a deferred index write runs: after the current command has answered (setImmediate) unless a test holds it (startup.ts). */
  deferIndexWrite: (job: () => void) => void = (job) => void setImmediate(job);
  #indexWritePending = false;

  /**
   * The index written once the current command has answered, not inside it:
   * at 1,000 nights the whole index is about 3 MB and takes 80-120 ms to
   * write, longer than a host should wait for Start or End. Safe because the
   * index is derived: a night whose journal grew since its line was written,
   * or that has no line, is remade from its journal at the next start
   * (store/indexRepair.ts), so dying before this write loses nothing.
   */
  saveIndexAfterAnswer(): void {
    if (this.#indexWritePending) return;
    this.#indexWritePending = true;
    this.deferIndexWrite(() => this.flushIndexWrite());
  }

  /** A deferred index write done now, if one is waiting (at quit, or when its turn comes). */
  flushIndexWrite(): void {
    if (this.#indexWritePending) this.saveIndexNow(this.index);
  }

  /** The index written now (best effort: it is rebuilt from the journals); a deferred write waiting is done by this one. */
  saveIndexNow(index: readonly NightSummary[]): void {
    this.#indexWritePending = false;
    saveQuietly(() => this.repo.saveIndex(index));
  }

  /** The night on the table if it has not ended. */
  get openNight(): PlayedNight | null {
    return this.night && this.night.state.phase.kind !== 'ended' ? this.night : null;
  }

  /** M2: the open night's default payment (credit when no night is open: the command is refused then anyway). */
  nightPayment(): Payment {
    return this.night ? nightPayment(this.night) : 'credit';
  }

  /** A night of this laptop's history, or of another laptop of its group. */
  knowsNight(nightId: string): boolean {
    return this.index.some((s) => s.id === nightId) || this.group.writerOf(nightId) !== null;
  }

  hex(bytes: number): string {
    return Buffer.from(this.randomBytes(bytes)).toString('hex');
  }

  /** A random id not in `taken`; numbered on a clash, so a repeating random source cannot loop. */
  newId(prefix: string, taken: readonly { id: string }[], randomBytes = 4): string {
    const drawn = `${prefix}-${this.hex(randomBytes)}`;
    let id = drawn;
    for (let n = 2; taken.some((p) => p.id === id); n++) id = `${drawn}-${n}`;
    return id;
  }

  /** The tab file's and the aliases file's contents, read (again). */
  loadMarks(): void {
    this.paidTransfers = new Set(this.repo.loadPaidTransfers());
    this.settleModes = this.repo.loadSettleModes();
    this.merges = this.repo.loadMerges();
    this.hiddenPay = this.repo.loadHiddenPay();
  }

  /** The tab file written with the marks as they are, or as `changed` would make them (the state keeps them only once written); hidden kinds left out stay as the file has them. */
  saveTab(
    changed: {
      paid?: ReadonlySet<string>;
      modes?: Readonly<Record<string, SettleMode>>;
      hidden?: Readonly<Record<string, PayKind[]>>;
    } = {},
  ): void {
    this.repo.saveTab([...(changed.paid ?? this.paidTransfers)].sort(), changed.modes ?? this.settleModes, changed.hidden);
  }
}
