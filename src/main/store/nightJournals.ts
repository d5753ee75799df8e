import {
  chainedJournal,
  chainStart,
  decodeJournal,
  encodeEntry,
  hashOfLine,
  JournalHeaderError,
  replayPrefix,
  seedsRetired,
  type DecodedJournal,
  type JournalEntry,
  type SealedSeed,
  type PlayedNight,
  type RecordSignature,
  signedJournalText,
  writerSignatures,
} from '../night';
import { describeIssues } from './envelope';
import type { JournalFiles } from './journalFiles';
import { lineToWrite, voidedDeckReason, wholeLines } from './sealedJournal';
import type { SeedSeal } from './seedSeal';
import { nightIdSchema } from './schemas';
import type { StorageNotices } from './storageNotices';

/** A night id checked to be one (a safe file name); throws otherwise. */
export function checkNightId(id: string): string {
  const parsed = nightIdSchema.safeParse(id);
  if (!parsed.success) throw new Error(`"${id}" is not a night id: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/** A night replayed from its journal, and the journal's acknowledged size. */
export interface ReadNight {
  night: PlayedNight;
  bytes: number | null;
}

/**
 * Reading and writing the night journals: the seeds of decks still in play
 * sealed on the way in and opened on the way out (R12), damage set aside
 * and reported with what could be kept.
 */
export class NightJournals {
  /**
   * R35: the chain hash of each journal's last line, and whether it is of version 2 (lines carry the chain) or of
   * version 1 (appended to as it was written), so an append hashes one line, never the night.
   */
  readonly #heads = new Map<string, { head: string; chained: boolean }>();

  constructor(
    private readonly journals: JournalFiles,
    private readonly seedSeal: SeedSeal,
    private readonly notices: StorageNotices,
  ) {}

  /**
   * One night replayed from its journal; undefined when it has none, null
   * when it cannot be read at all. A torn last line is dropped (it was never
   * acknowledged). A damaged line, or one that does not replay, sets the
   * file aside and reports it; the commands before it are kept as the
   * night's journal, so its turns stay readable. A deck in play whose sealed
   * seed cannot be opened (no key, or not the key that sealed it) is voided
   * the same way: the night goes on from before it was shuffled (R9, R12).
   */
  read(id: string): ReadNight | null | undefined {
    checkNightId(id);
    const text = this.journals.read(id);
    if (text === undefined) return undefined;
    const file = this.journals.pathOf(id);
    const open = (sealed: SealedSeed): string => this.seedSeal.open(sealed);
    let decoded;
    let replayed;
    try {
      // R35: a night taken over from another laptop holds the deck lost with it sealed with that laptop's key: format.ts reads it by its shown cards.
      decoded = decodeJournal(text, open);
      if (decoded.header.night !== id) throw new JournalHeaderError(`it is the journal of night "${decoded.header.night}", not "${id}"`);
      replayed = replayPrefix(decoded.entries);
    } catch (error) {
      if (!(error instanceof JournalHeaderError)) throw error;
      this.journals.close(id);
      this.notices.setAside(file, `it is not a night journal this app can read: ${error.message}`);
      return null;
    }
    const { night, failure } = replayed;
    // R35: the earlier writers' signatures kept from the copy this laptop took the night over from.
    const earlier = writerSignatures(night.entries, decoded.signatures);
    if (earlier.length > 0) night.earlierHolders = earlier;
    const damage = decoded.damage ?? (failure ? { line: failure.line, reason: failure.message.replace(/^line \d+: /, '') } : null);
    if (damage) {
      this.journals.close(id);
      const kept = night.entries.length;
      const reason =
        decoded.damage?.sealed === true
          ? voidedDeckReason(damage.line, damage.reason, kept, wholeLines(text) - 1 - kept)
          : `line ${damage.line} cannot be used (${damage.reason}); the ${kept} commands before it were kept`;
      if (kept === 0) {
        this.notices.setAside(file, reason);
        return null;
      }
      // Copied aside first, then replaced atomically: killed at any moment, the whole damaged night is still on disk.
      if (!this.notices.copyAside(file, reason)) return null;
      this.write(id, night.entries, new Set(seedsRetired(night.events)), night.earlierHolders);
      return { night, bytes: this.journals.size(id) };
    }
    if (decoded.tornTail) this.journals.truncate(id, decoded.goodBytes);
    this.#heads.set(
      id,
      headOf(decoded, () => decodeJournal(text, open, { chain: true }).head),
    );
    return { night, bytes: decoded.goodBytes };
  }

  /**
   * Writes a night's whole journal at once (a new, migrated or repaired
   * night); durable when it returns. `retired`: the seeds of every deck
   * the night has retired (R12), written in plain; any other is sealed.
   * `earlierWriters` (R35): a night taken over keeps each earlier writer's
   * signature of its lines, which no line could give back.
   */
  write(id: string, entries: readonly JournalEntry[], retired: ReadonlySet<string>, earlierWriters: readonly RecordSignature[] = []): void {
    const lines = entries.map((entry) => lineToWrite(entry, this.seedSeal, retired, []));
    const { text, head } = chainedJournal(id, lines);
    // R35: a night taken over keeps each earlier writer's signature of its lines, right after the last line it wrote.
    this.journals.writeWhole(
      checkNightId(id),
      earlierWriters.length === 0 ? text : signedJournalText(id, lines, undefined, earlierWriters),
    );
    this.#heads.set(id, { head, chained: true });
  }

  /**
   * Appends one accepted command to its night's journal; durable (fdatasync)
   * when it returns. `retiredByCommand`: the seeds of the decks this command
   * retired (R12), so the line keeps in plain a seed whose deck it also
   * retired and reveals those sealed on earlier lines; every other seed it
   * drew is sealed. Only a line that shuffles pays for sealing.
   */
  append(id: string, entry: JournalEntry, retiredByCommand: readonly string[]): void {
    const sealed =
      entry.seeds || retiredByCommand.length > 0 ? lineToWrite(entry, this.seedSeal, new Set(retiredByCommand), retiredByCommand) : entry;
    const chain = this.#heads.get(id) ?? this.headOnDisk(id);
    // R35: a journal of version 1 gets no `shown` (encodeEntry leaves it out), so its chain must not count it either.
    const line = chain.chained || !sealed.shown ? sealed : { ...sealed, shown: undefined };
    this.journals.append(id, encodeEntry(line, chain.chained ? chain.head : null));
    // Only once the line is durable: a failed append leaves the head where the file ends.
    this.#heads.set(id, { head: hashOfLine(chain.head, line), chained: chain.chained });
  }

  /**
   * R35 *Taken over*: this laptop's journal of a night it goes on with from the copy it held (`copyText`: the holder's
   * lines as they were on its disk and its signature of the last), and the takeover line that follows them, its seeds
   * sealed with this laptop's key. Written whole and durably; the next append follows the takeover line.
   */
  adopt(id: string, copyText: string, head: string, takeOver: JournalEntry): void {
    const line = lineToWrite(takeOver, this.seedSeal, new Set(), []);
    const whole = copyText.endsWith('\n') ? copyText : copyText.slice(0, copyText.lastIndexOf('\n') + 1);
    this.journals.writeWhole(checkNightId(id), whole + encodeEntry(line, head));
    this.#heads.set(id, { head: hashOfLine(head, line), chained: true });
  }

  /** The chain of a journal appended to before it was read here (a test, a tool): read once from the file. */
  private headOnDisk(id: string): { head: string; chained: boolean } {
    const text = this.journals.read(id) ?? '';
    const open = (sealed: SealedSeed): string => this.seedSeal.open(sealed);
    return headOf(decodeJournal(text, open), () => decodeJournal(text, open, { chain: true }).head);
  }
}

/**
 * What the next line appended to a journal follows (R35): its chain head, or none for a journal of version 1. A
 * journal of version 2 read short of its last line (a sealed seed lost) has its chain worked out from its lines.
 */
function headOf(decoded: DecodedJournal, chained: () => string | null): { head: string; chained: boolean } {
  if (decoded.head !== null) return { head: decoded.head, chained: true };
  if (decoded.header.version < 2) return { head: chainStart(decoded.header.night), chained: false };
  return { head: chained() ?? chainStart(decoded.header.night), chained: true };
}

/**
 * A night's journal text with every seed in plain: the header, then one line
 * per command. For a backup, which holds no deck still in play (R12); the
 * data folder's journals are written through `NightJournals.write`, which seals.
 */
export function journalText(id: string, entries: readonly JournalEntry[]): string {
  return chainedJournal(id, entries).text;
}
