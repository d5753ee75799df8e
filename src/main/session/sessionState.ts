import type { Payment, PayKind, SettleMode, TableScreen } from '../../shared';
import { nightPayment, type NightSummary, type PlayedNight } from '../night';
import { indexChanges } from '../store/indexLog';
import { DOCUMENT_NAMES, type DealerRepository } from '../store/repository';
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
  /**
   * The pot the last ended night carried out (R22), as its ledger said when it was last replayed or ended here,
   * with the size of the journal it was read from: the next Start uses it only while the journal is still that
   * size, and replays the night otherwise (nightLifecycle.ts carryFromLastNight).
   */
  lastCarry: { id: string; bytes: number; carriedOut: number } | null = null;
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
  /** Other work a command leaves for after its answer (setImmediate), such as R34's laptop chain for a night just started. */
  afterAnswer: (job: () => void) => void = (job) => void setImmediate(job);
  #indexWritePending = false;
  /** The index as the disk holds it (the whole file and its log of changes), to tell what a write must add. */
  #indexOnDisk: readonly NightSummary[] = [];

  /**
   * The index written once the current command has answered, not inside it.
   * A write is a small append of the lines that changed (store/indexLog.ts),
   * but it is still a second fdatasync the host need not wait for. Safe
   * because the index is derived: a night whose journal grew since its line
   * was written, or that has no line, is remade from its journal at the next
   * start (store/indexRepair.ts), so dying before this write loses nothing.
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
    saveQuietly(() => this.writeIndex(index));
  }

  /**
   * The index written now, or a throw when the disk refuses: the lines that
   * changed since the last write appended to the index's log, one small
   * append however long the history. With no index file yet (the first
   * night, or one found missing) the file is written whole instead, so the
   * next start does not report it missing.
   */
  writeIndex(index: readonly NightSummary[]): void {
    const changes = indexChanges(this.#indexOnDisk, index);
    if (changes.length === 0) return;
    if (this.repo.exists(DOCUMENT_NAMES.nights)) this.repo.appendToIndex(changes);
    else this.repo.saveIndex(index);
    this.#indexOnDisk = index;
  }

  /** The index as read from the disk at start-up, before it is repaired: what the next write is told apart from. */
  indexRead(index: readonly NightSummary[]): void {
    this.#indexOnDisk = index;
  }

  /**
   * The index written whole and its log removed (store/indexLog.ts), when
   * the log holds anything: at start-up and at quit, never after a command.
   * Its changes are appended first, so the log and the whole file agree
   * at every moment (best effort, like every index write).
   */
  compactIndex(): void {
    this.#indexWritePending = false;
    saveQuietly(() => {
      this.writeIndex(this.index);
      if (this.repo.indexLogBytes() > 0) this.repo.saveIndex(this.index);
    });
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

  /** A random id not in `taken` (a list, or a test of each id); numbered on a clash, so a repeating random source cannot loop. */
  newId(prefix: string, taken: readonly { id: string }[] | ((id: string) => boolean), randomBytes = 4): string {
    const isTaken = typeof taken === 'function' ? taken : (id: string) => taken.some((p) => p.id === id);
    const drawn = `${prefix}-${this.hex(randomBytes)}`;
    let id = drawn;
    for (let n = 2; isTaken(id); n++) id = `${drawn}-${n}`;
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
