import { randomBytes as secureRandomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  COMMAND_REGISTRY,
  commandArgs,
  commandError,
  isCommandName,
  type ApiResult,
  type AppView,
  type CommandError,
  DEFAULT_PREFERENCES,
  EXPENSES_PER_NIGHT_MAX,
  type CommandName,
  type ParsedCommandArgs,
  type Payment,
  type RosterPlayer,
  type SettleMode,
  type TableScreen,
} from '../../shared';
import { applyCommand, emptyState, SEED_BYTES, type EngineCommand } from '../engine';
import { nightResults, shareExpense } from '../ledger';
import {
  applyExpenseLine,
  decideStep,
  expenseLineProblem,
  emptyNight,
  keepStep,
  nightBalances,
  nightPayment,
  nightSummary,
  recordedCommandOf,
  takeBack,
  type ExpenseCommand,
  type JournalEntry,
  type NightSummary,
  type PlayedNight,
} from '../night';
import type { StorageBackend } from '../store/adapter';
import { DealerRepository, DOCUMENT_NAMES } from '../store/repository';
import { MISSING_CONSEQUENCE, missingCoreDocuments, rosterFromNights, type CoreDocument } from './storageCheck';
import { recoverInterruptedRestore, replaceEverything } from '../store/restore';
import type { StoredSettings } from '../store/schemas';
import { nightView } from './nightView';
import type { DealerService } from './service';
import { answerQuestion, BackupError, makeBackup, nightTransfers, parseBackup, type PlayerMerge, type QuestionName } from '../history';
import { KeptBackups } from './backupsDomain';
import { moveData, type DataMoved } from './dataMove';
import { mergePlayers, mergesView, unmergePlayer, type MergeOutcome } from './playerMerges';
import { initialsOf, paletteColour } from '../store/playerStyle';

export interface SessionOptions {
  storage: StorageBackend;
  /** The OS's secure random source (R9); tests and the simulator pass a seeded one. */
  randomBytes?: (size: number) => Uint8Array;
  now?: () => Date;
  /** Backups that keep themselves (session/backupsDomain.ts): after every night and daily. Off unless asked (the app and the headless host ask). */
  autoBackups?: boolean;
  /** When a night-end backup is written: after the answer (setImmediate) unless a test runs it itself. */
  deferBackup?: (job: () => void) => void;
  /** The desktop app's: the data folder was copied to `to` and checked; the app restarts there. Absent, the folder cannot be moved from the console. */
  onDataMoved?: DataMoved;
}

/** What a handler says: done (with `data` for a question), or refused with nothing changed. */
type Outcome = { ok: true; data?: unknown } | { ok: false; error: CommandError };

/** One handler per command of the registry; the compiler checks that none is missing. */
type Handlers = { readonly [K in CommandName]: (args: ParsedCommandArgs<K>) => Outcome };

/**
 * The only writer (docs/design.md). Commands are checked against the contract,
 * decided by the engine, posted to the ledger, appended to the night's
 * journal (fdatasync'd) and only then acknowledged and pushed to every
 * window. A refused command changes nothing.
 */
export class GameSession implements DealerService {
  private readonly repo: DealerRepository;
  private readonly randomBytes: (size: number) => Uint8Array;
  private readonly now: () => Date;
  private readonly listeners = new Set<(view: AppView) => void>();
  private roster: RosterPlayer[];
  private settings: StoredSettings;
  private index: NightSummary[] = [];
  private night: PlayedNight | null = null;
  private view: AppView;
  /** What the TV shows; kept in memory only (a restart shows the live table). */
  private tableScreen: TableScreen = { kind: 'live' };
  /** The night transfers marked paid (M3), from the tab file. */
  private paidTransfers: ReadonlySet<string> = new Set();
  /** How each night is settled up where the host chose (M3), from the tab file; the fewest transfers otherwise. */
  private settleModes: Readonly<Record<string, SettleMode>> = {};
  /** The settle mode the host chose last, for screens with no night of their own; in memory like tableScreen. Each night's own is in settleModes. */
  private settleMode: SettleMode = 'fewest';
  /** Roster players counted as another (history/aliases.ts), from the aliases file. */
  private merges: PlayerMerge[] = [];
  private readonly backups: KeptBackups;
  private readonly autoBackups: boolean;
  private readonly onDataMoved: DataMoved | undefined;

  private readonly handlers: Handlers = {
    startNight: (args) => this.startNight(args),
    drawForDealer: ({ stateId }) => this.play({ type: 'draw' }, stateId),
    cut: ({ stateId, cut }) => this.play({ type: 'cut', cut }, stateId),
    deal: ({ stateId }) => this.play({ type: 'deal' }, stateId),
    callAce: ({ stateId, call }) => this.play({ type: 'ace-call', call }, stateId),
    bet: ({ stateId, amount }) => this.play({ type: 'bet', amount }, stateId),
    buyIn: ({ stateId, playerId, amount, paid }) => this.play({ type: 'buy-in', playerId, amount, paid: paid ?? this.nightPayment() }, stateId),
    cashOut: ({ stateId, playerId, paid }) => this.play({ type: 'cash-out', playerId, paid: paid ?? this.nightPayment() }, stateId),
    undo: ({ stateId }) => this.play({ type: 'undo' }, stateId),
    correctBet: ({ stateId, amount }) => this.play({ type: 'correct-bet', amount }, stateId),
    voidTurn: ({ stateId }) => this.play({ type: 'void-turn' }, stateId),
    endNight: ({ stateId }) => this.play({ type: 'end', at: this.now().toISOString() }, stateId),
    pass: ({ stateId }) => this.play({ type: 'pass' }, stateId),
    callPair: ({ stateId, call }) => this.play({ type: 'pair-call', call }, stateId),
    seatPlayer: (args) => this.seatPlayer(args),
    movePlayer: ({ stateId, playerId, afterPlayerId }) => this.play({ type: 'move', playerId, afterPlayerId }, stateId),
    sitOut: ({ stateId, playerId }) => this.play({ type: 'sit-out', playerId }, stateId),
    comeBack: ({ stateId, playerId }) => this.play({ type: 'come-back', playerId }, stateId),
    reopenNight: (args) => this.reopenNight(args),
    closeNight: (args) => this.closeNight(args),
    updatePlayer: (args) => this.updatePlayer(args),
    showOnTable: (args) => this.showOnTable(args),
    setSettleMode: (args) => this.setSettleMode(args),
    updatePreferences: (args) => this.updatePreferences(args),
    dismissNotice: (args) => this.dismissNotice(args),
    getTab: (args) => this.ask('getTab', args),
    exportTab: (args) => this.ask('exportTab', args),
    markTransfersPaid: (args) => this.markTransfersPaid(args),
    addExpense: ({ nightId, ...fields }) => this.recordExpense(nightId, (night) => ({ type: 'expense-add', id: this.newExpenseId(night), ...this.expenseFacts(night, fields) })),
    editExpense: ({ nightId, expenseId, ...fields }) => this.recordExpense(nightId, (night) => ({ type: 'expense-edit', id: expenseId, ...this.expenseFacts(night, fields) })),
    removeExpense: ({ nightId, expenseId }) => this.recordExpense(nightId, () => ({ type: 'expense-remove', id: expenseId })),
    // Phones watch through a LAN listener around the session (host/phoneService.ts), which answers these first.
    setPhoneAccess: () => refused(PHONES_UNAVAILABLE),
    newPhoneLink: () => refused(PHONES_UNAVAILABLE),
    restore: (args) => this.restore(args),
    listNights: (args) => this.ask('listNights', args),
    getNight: (args) => this.ask('getNight', args),
    getStandings: (args) => this.ask('getStandings', args),
    verifyNight: (args) => this.ask('verifyNight', args),
    exportNight: (args) => this.ask('exportNight', args),
    backup: (args) => this.ask('backup', args),
    mergePlayers: (args) => this.applyMerge(mergePlayers(this.mergeContext(), args)),
    unmergePlayer: (args) => this.applyMerge(unmergePlayer(this.mergeContext(), args)),
    listBackups: () => ({ ok: true, data: this.backups.list() }),
    moveData: ({ to }) => moveData(this.repo, this.night !== null && this.night.state.phase.kind !== 'ended', this.onDataMoved, to),
    restoreBackup: ({ id, replace }) => {
      const content = this.backups.read(id);
      if (content === null) return refused(commandError('unknown-backup', `There is no backup "${id}" in the backups folder (backups older than ten are deleted).`, undefined, { backup: id }));
      return this.restoreContent(content, replace);
    },
  };

  constructor(options: SessionOptions) {
    this.repo = new DealerRepository(options.storage, options.now);
    this.randomBytes = options.randomBytes ?? ((size) => secureRandomBytes(size));
    this.now = options.now ?? (() => new Date());
    recoverInterruptedRestore(this.repo);
    // Interrupted atomic writes were never acknowledged: their temporary files go before anything is read.
    this.repo.removeInterruptedWrites();
    this.repo.migrateLegacyNights();
    const missing = missingCoreDocuments(this.repo);
    const noticesBefore = this.repo.notices.length;
    this.roster = this.repo.loadRoster();
    this.settings = this.repo.loadSettings();
    this.reloadHistory();
    for (const name of missing) this.repo.report('missing', this.repo.pathOf(name), MISSING_CONSEQUENCE[name]);
    const setAside = new Set(this.repo.notices.slice(noticesBefore).map((n) => n.file));
    this.restoreLostDocuments((name) => missing.has(name) || setAside.has(this.repo.pathOf(name)));
    this.paidTransfers = new Set(this.repo.loadPaidTransfers());
    this.settleModes = this.repo.loadSettleModes();
    this.merges = this.repo.loadMerges();
    this.backups = new KeptBackups({
      root: this.repo.root,
      now: this.now,
      content: () => (this.index.length === 0 && this.roster.length === 0 ? null : makeBackup(this.repo, this.index, this.now(), this.night).file.content),
      ...(options.deferBackup ? { defer: options.deferBackup } : {}),
    });
    this.autoBackups = options.autoBackups ?? false;
    this.onDataMoved = options.onDataMoved;
    if (this.autoBackups) this.backups.start();
    this.view = this.buildView();
  }

  /** What a merge or its undo reads: the open night's players may not be merged until it has ended. */
  private mergeContext() {
    const night = this.night && this.night.state.phase.kind !== 'ended' ? this.night : null;
    return { repo: this.repo, roster: this.roster, merges: this.merges, seated: new Set(night?.state.players.map((p) => p.id) ?? []), now: this.now() };
  }

  private applyMerge(outcome: MergeOutcome): Outcome {
    if (!outcome.ok) return outcome;
    this.roster = outcome.roster;
    this.merges = outcome.merges;
    return { ok: true };
  }

  /**
   * Writes back each core document found missing or set aside, so the data
   * folder is whole again and the next start does not report it twice: the
   * roster rebuilt from the nights, the settings as now in use, the index as
   * rebuilt from the nights. Best effort: a disk refusing the write leaves
   * the notices saying what is wrong.
   */
  private restoreLostDocuments(lost: (name: CoreDocument) => boolean): void {
    if (lost(DOCUMENT_NAMES.roster) && this.index.length > 0) this.saveQuietly(() => this.rebuildRoster());
    if (lost(DOCUMENT_NAMES.settings)) this.saveQuietly(() => this.repo.saveSettings(this.settings));
    if (lost(DOCUMENT_NAMES.nights)) this.saveQuietly(() => this.repo.saveIndex(this.index));
  }

  /** A roster lost or damaged is rebuilt from the nights: the ids and names of everyone who played (issue 8). */
  private rebuildRoster(): void {
    const nights = this.index.map((summary) => ({
      startedAt: summary.startedAt,
      playerIds: summary.playerIds,
      players: this.repo.readNight(summary.id)?.night.state.players ?? null,
    }));
    const roster = rosterFromNights(nights);
    this.repo.saveRoster(roster);
    this.roster = roster;
    this.repo.report(
      'rebuilt',
      this.repo.pathOf(DOCUMENT_NAMES.roster),
      `the roster was rebuilt from ${nights.length} nights: ${roster.length} players under the names they last played as, with new colours`,
    );
  }

  /**
   * Marks night transfers paid or unpaid (M3), kept in the tab file; a tab
   * transfer is marked through the night transfers it covers. Every id must
   * be a transfer of an ended night, or nothing changes.
   */
  private markTransfersPaid(args: ParsedCommandArgs<'markTransfersPaid'>): Outcome {
    const known = new Set(nightTransfers(this.index, this.paidTransfers, this.settleModes).map((t) => t.id));
    const unknown = args.ids.find((id) => !known.has(id));
    if (unknown !== undefined) return refused(commandError('invalid-input', `There is no transfer "${unknown}" in the history.`));
    const paid = new Set(this.paidTransfers);
    for (const id of args.ids) {
      if (args.paid) paid.add(id);
      else paid.delete(id);
    }
    try {
      this.repo.saveTab([...paid].sort(), this.settleModes);
    } catch (error) {
      return refused(commandError('storage', `The marks could not be saved, so nothing changed: ${(error as Error).message}`));
    }
    this.paidTransfers = paid;
    return { ok: true };
  }

  /**
   * Records a shared expense's line (M4) on the night on the table (open or
   * ended) or, by id, on an ended night of the history. The line is checked
   * as replay checks it, appended to the night's journal and fdatasync'd
   * before the expense counts; a refusal writes nothing. An ended night's
   * summary (its balances, so the tab) is remade, and any paid mark (M3) of
   * a transfer the change altered is set back to unpaid.
   */
  private recordExpense(nightId: string | undefined, make: (night: PlayedNight) => ExpenseCommand): Outcome {
    const target = this.expenseNight(nightId);
    if (!target.ok) return target;
    const { night, live } = target;
    const id = night.state.nightId;
    const command = make(night);
    const refusal = expenseRefusal(night, command);
    if (refusal) return refused(refusal);
    const entry: JournalEntry = { at: this.now().toISOString(), command };
    try {
      this.repo.appendToJournal(id, entry);
    } catch (error) {
      if (!live) this.repo.journals.close(id);
      return refused(commandError('storage', `The night could not be saved, so the expense was not recorded: ${(error as Error).message}`));
    }
    applyExpenseLine(night, { ...entry, command });
    if (night.state.phase.kind === 'ended') this.afterEndedNightChanged(night);
    if (!live) this.repo.journals.close(id);
    return { ok: true };
  }

  /** The night an expense command names: the one on the table when none is named, else an ended night of the history. */
  private expenseNight(nightId: string | undefined): { ok: true; night: PlayedNight; live: boolean } | { ok: false; error: CommandError } {
    if (nightId === undefined || nightId === this.night?.state.nightId) {
      return this.night ? { ok: true, night: this.night, live: true } : refused(commandError('no-night', 'No night is on the table: name the night the expense belongs to.'));
    }
    if (!this.index.some((s) => s.id === nightId)) return refused(commandError('unknown-night', `There is no night "${nightId}" in the history.`, undefined, { night: nightId }));
    const read = this.repo.readNight(nightId);
    if (!read || read.night.state.nightId !== nightId) return refused(commandError('storage', `The file of night ${nightId} is missing or could not be read; it was set aside and reported.`, undefined, { night: nightId }));
    if (read.night.state.phase.kind !== 'ended') return refused(commandError('night-open', `Night ${nightId} is still open: add its expenses from the table.`, undefined, { night: nightId }));
    return { ok: true, night: read.night, live: false };
  }

  /** M4: the shares of an expense, fixed now from the seating in force (players still at the table, clockwise). */
  private expenseFacts(night: PlayedNight, fields: { payer: string; amount: number; description: string; sharers: string[] }) {
    const seating = night.state.players.filter((p) => !p.left).map((p) => p.id);
    const played = new Set(night.state.players.map((p) => p.id));
    // Unknown players are refused by expenseRefusal; their shares are not worked out.
    const shares = [fields.payer, ...fields.sharers].every((id) => played.has(id)) ? shareExpense(fields.amount, fields.sharers, fields.payer, seating) : {};
    return { payer: fields.payer, amount: fields.amount, description: fields.description, sharers: fields.sharers, shares };
  }

  /** A new expense id, never one the night has used (a removed expense's id is not given again). */
  private newExpenseId(night: PlayedNight): string {
    const used = night.entries.flatMap((e) => (e.command.type === 'expense-add' ? [{ id: e.command.id }] : []));
    return this.newId('e', used, 3);
  }

  /**
   * An ended night changed after it ended (M4: an expense): its index line
   * is remade (its balances, so the running tab), and the paid marks (M3) of
   * its transfers that are no longer the same transfer are set back to unpaid.
   */
  private afterEndedNightChanged(night: PlayedNight): void {
    const id = night.state.nightId;
    const before = nightTransfers(this.index.filter((s) => s.id === id), new Set(), this.settleModes);
    const summary = nightSummary(night, this.repo.journals.size(id));
    this.index = this.index.map((s) => (s.id === id ? summary : s));
    this.saveQuietly(() => this.repo.saveIndex(this.index));
    const after = new Map(nightTransfers([summary], new Set(), this.settleModes).map((t) => [t.id, t.amount]));
    const changed = new Set(before.filter((t) => after.get(t.id) !== t.amount).map((t) => t.id));
    const stale = this.paidMarksOf(id).filter((mark) => changed.has(mark) || !after.has(mark));
    if (stale.length > 0) {
      this.paidTransfers = new Set([...this.paidTransfers].filter((t) => !stale.includes(t)));
      this.saveQuietly(() => this.repo.saveTab([...this.paidTransfers].sort(), this.settleModes));
    }
  }

  /**
   * M3: how a night is settled up, the fewest transfers or every party with
   * the bank, kept for that night with the tab (its transfers on the tab and
   * in its export follow it). Switching a night whose transfers are marked
   * paid is refused: the marks name transfers of the other list, and
   * dropping them silently would lose a payment the host recorded. Without
   * a night, only what the screens show changes.
   */
  private setSettleMode(args: ParsedCommandArgs<'setSettleMode'>): Outcome {
    const { mode, nightId } = args;
    if (nightId === undefined) {
      this.settleMode = mode;
      return { ok: true };
    }
    if (!this.index.some((s) => s.id === nightId)) {
      return refused(commandError('unknown-night', `There is no night "${nightId}" in the history.`, undefined, { night: nightId }));
    }
    const current = this.settleModes[nightId] ?? 'fewest';
    if (current !== mode) {
      const marked = this.paidMarksOf(nightId).length;
      if (marked > 0) {
        return refused(
          commandError(
            'payments-marked',
            `${marked} payment(s) of this night are marked paid: mark them unpaid on the tab before settling it another way (M3).`,
            undefined,
            { n: marked, night: nightId },
          ),
        );
      }
      const modes = { ...this.settleModes };
      if (mode === 'fewest') delete modes[nightId];
      else modes[nightId] = mode;
      try {
        this.repo.saveTab([...this.paidTransfers].sort(), modes);
      } catch (error) {
        return refused(commandError('storage', `How the night settles could not be saved, so nothing changed: ${(error as Error).message}`));
      }
      this.settleModes = modes;
    }
    this.settleMode = mode;
    return { ok: true };
  }

  /** Forgets a storage notice the host has read (issue 8: notices stay until dismissed). */
  private dismissNotice(args: ParsedCommandArgs<'dismissNotice'>): Outcome {
    if (!this.repo.dismissNotice(args.id)) return refused(commandError('invalid-input', `There is no notice "${args.id}" (already dismissed?).`));
    return { ok: true };
  }

  /**
   * The index made to agree with the journals, and the open night replayed.
   * A night the stored index still called open but whose journal says it
   * ended (the app stopped between the two writes) is shown ended, as it was.
   */
  private reloadHistory(): void {
    const stored = this.repo.loadIndex();
    const calledOpen = [...stored].reverse().find((s) => s.endedAt === null)?.id;
    const { index, replayed } = this.reconcileIndex(stored);
    this.index = index;
    const open = [...this.index].reverse().find((s) => s.endedAt === null)?.id ?? (this.index.some((s) => s.id === calledOpen) ? calledOpen : undefined);
    // Reconciling replayed the open night already (its journal grew since its index line): it is played on, not replayed again.
    this.night = open === undefined ? null : this.loadNight(open, replayed.get(open));
  }

  getView(): AppView {
    return this.view;
  }

  onView(listener: (view: AppView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.backups.stop();
    this.listeners.clear();
    this.repo.journals.closeAll();
  }

  /** The night in progress, replayed from its journal, for the simulator and the export. */
  get currentNight(): Readonly<PlayedNight> | null {
    return this.night;
  }

  async run(command: CommandName, args: unknown): Promise<ApiResult<unknown>> {
    return this.runNow(command, args);
  }

  /** `run` without the promise, for the simulator and benchmarks. */
  runNow(command: CommandName, args: unknown): ApiResult<unknown> {
    if (!isCommandName(command)) return refused(commandError('invalid-input', `There is no command "${String(command)}".`));
    const noticesBefore = this.repo.notices.length;
    const outcome = this.dispatch(command, args);
    // A question changes nothing, but reading may have set a damaged file aside: its notice is pushed.
    if ((outcome.ok && COMMAND_REGISTRY[command].changesState) || this.repo.notices.length !== noticesBefore) {
      this.view = this.buildView();
      for (const listener of this.listeners) listener(this.view);
    }
    // After the answer, never inside it: the backup of the night just ended.
    if (outcome.ok && command === 'endNight' && this.autoBackups) this.backups.afterNightEnded();
    if (!outcome.ok) return outcome;
    return outcome.data === undefined ? { ok: true, view: this.view } : { ok: true, view: this.view, data: outcome.data };
  }

  /** Checks the arguments against the command's schema and runs its handler. */
  private dispatch<K extends CommandName>(command: K, args: unknown): Outcome {
    const parsed = parseArgs(command, args);
    if (!parsed.ok) return parsed;
    return this.handlers[command](parsed.args);
  }

  /** A question about the history (issue 4): answered with `data`, nothing changed. */
  private ask<Q extends QuestionName>(question: Q, args: ParsedCommandArgs<Q>): Outcome {
    return answerQuestion(question, args, {
      repo: this.repo,
      index: this.index,
      roster: this.roster,
      now: this.now(),
      paidTransfers: this.paidTransfers,
      settleModes: this.settleModes,
      live: this.night,
      merges: this.merges,
    });
  }

  private startNight(args: ParsedCommandArgs<'startNight'>): Outcome {
    if (this.night && this.night.state.phase.kind !== 'ended') {
      return refused(commandError('night-open', 'A night is already open: end it before starting another.'));
    }
    const seated: RosterPlayer[] = [];
    const added: RosterPlayer[] = [];
    for (const wanted of args.players) {
      const known = wanted.id
        ? this.roster.find((p) => p.id === wanted.id)
        : this.roster.find((p) => p.name.toLowerCase() === wanted.name.toLowerCase());
      if (wanted.id && !known) {
        return refused(commandError('unknown-player', `There is no player "${wanted.id}" in the roster.`, undefined, { player: wanted.id }));
      }
      const player = known ?? this.newPlayer(wanted.name, this.roster.length + added.length, added);
      if (!known) added.push(player);
      seated.push(player);
    }
    const at = this.now();
    // Unique even when the random source repeats itself (a --deck-seed demo restarted), and never a file already there.
    const taken = [...this.index, ...this.repo.listNightIds().map((id) => ({ id }))];
    const nightId = this.newId(at.toISOString().slice(0, 10), taken, 3);
    const start: EngineCommand = {
      type: 'start',
      nightId,
      at: at.toISOString(),
      players: seated.map((p) => ({ id: p.id, name: p.name })),
      startingChips: args.startingChips,
      chipValue: args.chipValue,
      currency: args.currency,
      settings: args.settings,
      carryIn: this.carryFromLastNight(),
      payment: args.payment,
    };
    // Refused setups (too few chips...) must not add names to the roster; and the roster is
    // written before the night, so no night on disk ever names a player the roster lacks.
    const check = applyCommand(emptyState(), start, 0);
    if (!check.ok) return check;
    if (added.length > 0) {
      try {
        this.repo.saveRoster([...this.roster, ...added]);
      } catch (error) {
        return refused(commandError('storage', `The roster could not be saved, so the night did not start: ${(error as Error).message}`));
      }
      this.roster = [...this.roster, ...added];
    }
    const previous = this.night;
    this.night = emptyNight();
    const result = this.play(start, 0);
    if (!result.ok) {
      this.night = previous;
      return result;
    }
    this.settings = {
      lastSetup: {
        playerIds: seated.map((p) => p.id),
        startingChips: args.startingChips,
        chipValue: args.chipValue,
        currency: args.currency,
        settings: args.settings,
        payment: args.payment,
      },
      nextCarry: 0,
    };
    this.saveQuietly(() => this.repo.saveSettings(this.settings));
    this.index = [...this.index, nightSummary(this.night)];
    this.saveQuietly(() => this.repo.saveIndex(this.index));
    return { ok: true };
  }

  /**
   * The pot the next night starts with (R22 carry): a fact of the last
   * night's ledger, replayed from its journal, never a number kept on the
   * side (a damaged settings file or an edited backup cannot change it).
   */
  private carryFromLastNight(): number {
    const last = this.index.at(-1);
    if (!last || last.endedAt === null) return 0;
    const read = this.repo.readNight(last.id);
    return read ? read.night.ledger.balances().carriedOut : 0;
  }

  /** Settings and the index are derived; a failed write of them is repaired at the next start. */
  private saveQuietly(write: () => void): void {
    try {
      write();
    } catch {
      // The journal is the record: the index is rebuilt from it, the carry derived from it.
    }
  }

  /** A new roster player: the next palette colour by position, initials from the name. */
  private newPlayer(name: string, position: number, alsoTaken: readonly RosterPlayer[]): RosterPlayer {
    return { id: this.newId('p', [...this.roster, ...alsoTaken]), name, colour: paletteColour(position), initials: initialsOf(name), archived: false };
  }

  /**
   * Renames, recolours or archives a roster player. Past nights keep the
   * name they were played under (their journal holds it); a seated player's
   * name at tonight's table changes from the next night on.
   */
  private updatePlayer(args: ParsedCommandArgs<'updatePlayer'>): Outcome {
    const player = this.roster.find((p) => p.id === args.playerId);
    if (!player) return refused(commandError('unknown-player', `There is no player "${args.playerId}" in the roster.`, undefined, { player: args.playerId }));
    if (args.name !== undefined) {
      const wanted = args.name.toLowerCase();
      const taken = this.roster.find((p) => p.id !== player.id && p.name.toLowerCase() === wanted);
      if (taken) return refused(commandError('duplicate-player', `Another player is already called ${taken.name}.`, undefined, { name: taken.name }));
    }
    const updated: RosterPlayer = {
      ...player,
      ...(args.name !== undefined ? { name: args.name } : {}),
      ...(args.colour !== undefined ? { colour: args.colour.toLowerCase() } : {}),
      ...(args.initials !== undefined ? { initials: args.initials.toUpperCase() } : {}),
      ...(args.archived !== undefined ? { archived: args.archived } : {}),
    };
    const roster = this.roster.map((p) => (p.id === player.id ? updated : p));
    try {
      this.repo.saveRoster(roster);
    } catch (error) {
      return refused(commandError('storage', `The roster could not be saved, so nothing changed: ${(error as Error).message}`));
    }
    this.roster = roster;
    return { ok: true };
  }

  /** Puts the live table, the leaderboard or one night on the TV (kept in memory, pushed with the view). */
  private showOnTable(args: ParsedCommandArgs<'showOnTable'>): Outcome {
    const screen = args.screen;
    if (screen.kind === 'night' && !this.index.some((s) => s.id === screen.nightId)) {
      return refused(commandError('unknown-night', `There is no night "${screen.nightId}" in the history.`, undefined, { night: screen.nightId }));
    }
    this.tableScreen = screen;
    return { ok: true };
  }

  /** The language of both screens, muting the table's sounds, the four-colour deck: kept in the settings file. */
  private updatePreferences(args: ParsedCommandArgs<'updatePreferences'>): Outcome {
    const current = this.settings.preferences ?? DEFAULT_PREFERENCES;
    const preferences = {
      language: args.language ?? current.language,
      muted: args.muted ?? current.muted,
      fourColourDeck: args.fourColourDeck ?? current.fourColourDeck,
    };
    const settings = { ...this.settings, preferences };
    try {
      this.repo.saveSettings(settings);
    } catch (error) {
      return refused(commandError('storage', `The preferences could not be saved, so nothing changed: ${(error as Error).message}`));
    }
    this.settings = settings;
    return { ok: true };
  }

  /**
   * Restores a backup: checked completely first (parseBackup: every night
   * replayed, every summary made from the nights), refused over existing
   * data unless the host confirmed (`replace`), refused while a night is
   * open; then everything is replaced at once (store/restore.ts: all old or
   * all new, whenever the process dies) and reloaded.
   */
  private restore(args: ParsedCommandArgs<'restore'>): Outcome {
    return this.restoreContent(args.content, args.replace);
  }

  /**
   * A backup's text restored (a file the host chose, or a kept backup). What
   * it replaces is first written to the backups folder, so the restore can
   * be undone while that backup is kept; if that cannot be written, nothing
   * is replaced.
   */
  private restoreContent(text: string, replace: boolean): Outcome {
    if (this.night && this.night.state.phase.kind !== 'ended') {
      return refused(commandError('night-open', 'A night is open: end it before restoring a backup.'));
    }
    let content;
    try {
      content = parseBackup(text);
    } catch (error) {
      if (error instanceof BackupError) return refused(commandError('invalid-input', `${error.message} Nothing was changed.`));
      throw error;
    }
    if (!replace && (this.index.length > 0 || this.roster.length > 0)) {
      return refused(
        commandError('data-exists', `There are already ${this.index.length} nights and ${this.roster.length} players here: confirm to replace them with the backup.`, undefined, {
          nights: this.index.length,
          players: this.roster.length,
        }),
      );
    }
    try {
      this.backups.write('before-restore');
    } catch (error) {
      return refused(commandError('storage', `The backup of what the restore would replace could not be written, so nothing changed: ${(error as Error).message}`));
    }
    try {
      replaceEverything(this.repo, content, this.now());
    } catch (error) {
      return this.afterFailedRestore(error as Error);
    }
    this.reloadAfterRestore();
    return { ok: true };
  }

  /**
   * A restore that failed answers with its own refusal, whatever happens
   * next. What it left is settled as a restart would (store/restore.ts): not
   * yet committed, the staged files are thrown away and the data is as it
   * was; committed, the move is finished. If the disk refuses even that, the
   * session keeps what it had and the next start settles it.
   */
  private afterFailedRestore(error: Error): Outcome {
    const refusal = refused(commandError('storage', `The backup could not be written: ${error.message}`));
    try {
      recoverInterruptedRestore(this.repo);
      this.reloadAfterRestore();
    } catch {
      // Left for the next start, which runs the same recovery before reading anything.
    }
    return refusal;
  }

  /** Everything read again after a restore: the roster, settings, tab marks and history, and the TV back to the table. */
  private reloadAfterRestore(): void {
    this.roster = this.repo.loadRoster();
    this.settings = this.repo.loadSettings();
    this.paidTransfers = new Set(this.repo.loadPaidTransfers());
    this.settleModes = this.repo.loadSettleModes();
    this.merges = this.repo.loadMerges();
    this.reloadHistory();
    this.tableScreen = { kind: 'live' };
  }

  /**
   * R31: seats a newcomer (a roster player, or a new one added to the
   * roster) between two seated players. Checked by the engine first, so a
   * refused seat adds no name to the roster.
   */
  private seatPlayer(args: ParsedCommandArgs<'seatPlayer'>): Outcome {
    const night = this.night;
    if (!night) return refused(commandError('no-night', 'No night is open: start one first.'));
    const wanted = args.player;
    const known = wanted.id
      ? this.roster.find((p) => p.id === wanted.id)
      : this.roster.find((p) => p.name.toLowerCase() === wanted.name.toLowerCase());
    if (wanted.id && !known) {
      return refused(commandError('unknown-player', `There is no player "${wanted.id}" in the roster.`, undefined, { player: wanted.id }));
    }
    const player = known ?? this.newPlayer(wanted.name, this.roster.length, []);
    const seat: EngineCommand = { type: 'seat', playerId: player.id, name: player.name, afterPlayerId: args.afterPlayerId, buyIn: args.buyIn, paid: args.paid ?? this.nightPayment() };
    const check = applyCommand(night.state, seat, args.stateId);
    if (!check.ok) return check;
    if (!known) {
      try {
        this.repo.saveRoster([...this.roster, player]);
      } catch (error) {
        return refused(commandError('storage', `The roster could not be saved, so nobody was seated: ${(error as Error).message}`));
      }
      this.roster = [...this.roster, player];
    }
    return this.play(seat, args.stateId);
  }

  /**
   * R33: reopens the most recently ended night (still on the table, or the
   * last in the history), unless a later night has started. The end's split
   * or carry is reversed by the engine; the next night no longer starts with
   * that carry, and the history lists the night as open again.
   */
  private reopenNight(args: ParsedCommandArgs<'reopenNight'>): Outcome {
    if (this.night && this.night.state.phase.kind !== 'ended') {
      return refused(commandError('not-latest-night', 'A night is open: a night can be reopened only when no later night has started (R33).', 'R33'));
    }
    const latest = this.index.at(-1);
    const night = this.night ?? (latest ? this.loadNight(latest.id) : null);
    if (!night) return refused(commandError('no-night', 'There is no night to reopen.'));
    if (night.state.nightId !== latest?.id) {
      return refused(commandError('not-latest-night', 'A later night has started: only the most recent night can be reopened (R33).', 'R33'));
    }
    const previous = this.night;
    this.night = night;
    const result = this.play({ type: 'reopen', at: this.now().toISOString() }, args.stateId);
    if (!result.ok) {
      this.night = previous;
      return result;
    }
    const id = night.state.nightId;
    if (this.settings.nextCarry !== 0) {
      this.settings = { ...this.settings, nextCarry: 0 };
      this.saveQuietly(() => this.repo.saveSettings(this.settings));
    }
    this.index = this.index.map((s) => (s.id === id ? nightSummary(night, this.repo.journals.size(id)) : s));
    this.saveQuietly(() => this.repo.saveIndex(this.index));
    // R33, M3: its settling up is recomputed when it ends again, so any payment marked for it is unpaid again.
    const marked = this.paidMarksOf(id);
    if (marked.length > 0) {
      this.paidTransfers = new Set([...this.paidTransfers].filter((t) => !marked.includes(t)));
      this.saveQuietly(() => this.repo.saveTab([...this.paidTransfers].sort(), this.settleModes));
    }
    return { ok: true };
  }

  /** The paid marks (M3) of one night's transfers: their ids are `<nightId>:<from>><to>` (history/tab.ts), and a night id has no colon. */
  private paidMarksOf(nightId: string): string[] {
    return [...this.paidTransfers].filter((t) => t.startsWith(`${nightId}:`));
  }

  /** R33, M3: the paid marks reopening would set back to unpaid: those of the most recent night, once it has ended. */
  private reopenablePaidMarks(): number {
    const latest = this.index.at(-1);
    if (!latest || latest.endedAt === null) return 0;
    return this.paidMarksOf(latest.id).length;
  }

  /** M2: the open night's default payment (credit when no night is open: the command is refused then anyway). */
  private nightPayment(): Payment {
    return this.night ? nightPayment(this.night) : 'credit';
  }

  private closeNight(args: ParsedCommandArgs<'closeNight'>): Outcome {
    const night = this.night;
    if (!night) return refused(commandError('no-night', 'No night is open.'));
    if (night.state.stateId !== args.stateId) return refused(commandError('stale-state', 'The table changed since this was typed: look again and retry.'));
    if (night.state.phase.kind !== 'ended') return refused(commandError('wrong-phase', 'End the night before closing it (R22).', 'R22'));
    this.repo.journals.close(night.state.nightId);
    this.night = null;
    return { ok: true };
  }

  /**
   * Plays a command on the open night (night/play.ts: decide, shuffle with
   * fresh seeds from the secure random source (R9), post the chips), appends
   * its facts to the journal, fdatasync'd; only then is the new state kept.
   */
  private play(command: EngineCommand, expectedStateId: number): Outcome {
    const night = this.night;
    if (!night) return refused(commandError('no-night', 'No night is open: start one first.'));
    if (command.type === 'shuffle') return refused(commandError('invalid-input', 'Only the dealer shuffles.'));
    const decided = decideStep(night, command, expectedStateId, () => Buffer.from(this.randomBytes(SEED_BYTES)).toString('hex'));
    if (!decided.ok) return decided;
    const { step } = decided;
    const entry: JournalEntry = {
      at: command.type === 'start' || command.type === 'end' || command.type === 'reopen' ? command.at : this.now().toISOString(),
      command: recordedCommandOf(command),
      ...(step.seeds.length > 0 ? { seeds: step.seeds } : {}),
    };
    try {
      if (command.type === 'start') this.repo.writeJournal(step.state.nightId, [entry]);
      else this.repo.appendToJournal(step.state.nightId, entry);
    } catch (error) {
      takeBack(night, step);
      return refused(commandError('storage', `The night could not be saved, so nothing was recorded: ${(error as Error).message}`));
    }
    keepStep(night, step, entry);
    if (step.state.phase.kind === 'ended' && command.type === 'end') this.afterNightEnded(night);
    // Play at the table brings the TV back to it, whatever history it was showing.
    this.tableScreen = { kind: 'live' };
    return { ok: true };
  }

  /**
   * Records an ended night in the index (with the pot it carries on).
   * Idempotent, and run again at load for a night the index still calls open.
   */
  private afterNightEnded(night: PlayedNight): void {
    const id = night.state.nightId;
    const summary = nightSummary(night, this.repo.journals.size(id));
    if (this.settings.nextCarry !== night.state.carriedOut) {
      this.settings = { ...this.settings, nextCarry: night.state.carriedOut };
      this.saveQuietly(() => this.repo.saveSettings(this.settings));
    }
    this.index = this.index.map((s) => (s.id === id ? summary : s));
    this.saveQuietly(() => this.repo.saveIndex(this.index));
  }

  /** A night replayed from its journal (unless `replayed` already is) to play on; an ended one is recorded as ended. */
  private loadNight(id: string, replayed?: PlayedNight): PlayedNight | null {
    const night = replayed ?? this.repo.readNight(id)?.night;
    if (!night || night.state.nightId !== id) return null;
    if (night.state.phase.kind === 'ended') this.afterNightEnded(night);
    return night;
  }

  /** The index, made to agree with the journals (store/repository.ts) and written back when it did not. */
  private reconcileIndex(index: NightSummary[]): { index: NightSummary[]; replayed: Map<string, PlayedNight> } {
    const reconciled = this.repo.reconcileIndex(index);
    if (reconciled.changed) this.saveQuietly(() => this.repo.saveIndex(reconciled.index));
    return reconciled;
  }

  private buildView(): AppView {
    const night = this.night;
    const results =
      night && night.state.phase.kind === 'ended'
        ? nightResults(night.ledger.balances(), night.state.players, night.state.chipValue)
        : null;
    return {
      night: night
        ? nightView(night.state, night.turns, results, {
            payment: nightPayment(night),
            balances: nightBalances(night),
            expenses: night.expenses,
            settleMode: this.settleModes[night.state.nightId] ?? 'fewest',
          })
        : null,
      roster: this.roster,
      lastSetup: this.settings.lastSetup,
      storageNotices: [...this.repo.notices],
      tableScreen: this.tableScreen,
      settleMode: this.settleMode,
      preferences: this.settings.preferences ?? DEFAULT_PREFERENCES,
      reopenWarning: { paidTransfers: this.reopenablePaidMarks() },
      merges: mergesView(this.merges),
    };
  }

  private hex(bytes: number): string {
    return Buffer.from(this.randomBytes(bytes)).toString('hex');
  }

  /** A random id not in `taken`; numbered on a clash, so a repeating random source cannot loop. */
  private newId(prefix: string, taken: readonly { id: string }[], randomBytes = 4): string {
    const drawn = `${prefix}-${this.hex(randomBytes)}`;
    let id = drawn;
    for (let n = 2; taken.some((p) => p.id === id); n++) id = `${drawn}-${n}`;
    return id;
  }
}

export async function openDealerService(options: SessionOptions): Promise<GameSession> {
  return new GameSession(options);
}

const PHONES_UNAVAILABLE = commandError('phones-unavailable', 'This dealer cannot let phones watch: it runs without the LAN listener.');

function refused(error: CommandError): { ok: false; error: CommandError } {
  return { ok: false, error };
}

/** Why an expense line (M4) is refused, as the host reads it, or null when it may be recorded. */
function expenseRefusal(night: PlayedNight, command: ExpenseCommand): CommandError | null {
  if (command.type !== 'expense-add' && !night.expenses.some((e) => e.id === command.id)) {
    return commandError('unknown-expense', `There is no expense "${command.id}" on this night.`, undefined, { expense: command.id });
  }
  if (command.type === 'expense-remove') return null;
  if (command.type === 'expense-add' && night.expenses.length >= EXPENSES_PER_NIGHT_MAX) {
    return commandError('too-many-expenses', `A night keeps at most ${EXPENSES_PER_NIGHT_MAX} expenses.`, undefined, { max: EXPENSES_PER_NIGHT_MAX });
  }
  const played = new Set(night.state.players.map((p) => p.id));
  const stranger = [command.payer, ...command.sharers].find((id) => !played.has(id));
  if (stranger !== undefined) return commandError('unknown-player', `There is no player "${stranger}" in this night (M4).`, undefined, { player: stranger });
  const problem = expenseLineProblem(night, command);
  return problem === null ? null : commandError('invalid-input', `The expense cannot be recorded: ${problem} (M4).`);
}

/** Each command's argument schema (shared/commands.ts), typed by its name so a handler gets exactly its own arguments. */
const ARGUMENT_SCHEMAS: { readonly [K in CommandName]: z.ZodType<ParsedCommandArgs<K>> } = commandArgs;

/** A command's arguments checked against its schema in the registry. */
function parseArgs<K extends CommandName>(command: K, args: unknown): { ok: true; args: ParsedCommandArgs<K> } | { ok: false; error: CommandError } {
  const parsed = ARGUMENT_SCHEMAS[command].safeParse(args);
  if (parsed.success) return { ok: true, args: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue ? issue.path.map(String).join('.') : '';
  const where = field ? `${field}: ` : '';
  // The command, the field and what is wrong with it, so a screen can word the refusal in the host's language.
  const params = field ? { command, field, problem: issue?.code === 'too_big' ? 'too-big' : 'invalid' } : undefined;
  return refused(commandError('invalid-input', `${where}${issue?.message ?? 'the request is malformed'}`, undefined, params));
}
