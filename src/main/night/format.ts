import { z } from 'zod';
import { ruleSettingsSchema } from '../../shared/settings';
import { firstIssueText } from '../../shared/zodIssue';
import { isCardCode, type CardCode } from '../../shared/cards';
import { PAYMENTS } from '../../shared/vocabulary';
import { commitmentOf, ENGINE_REVISION, type EngineCommand } from '../engine';
import { takeOverProblem } from './moveChecks';
import { chainStart, FIRST_EPOCH, lineHash } from './recordChain';

/**
 * The night journal (docs/night-journal.md): one file a night, one line of
 * JSON per accepted command. The first line names the format and its
 * version; every later line holds only facts: the command as the engine took
 * it, the seeds the dealer drew for it (R9) and the time it was accepted.
 * Everything else (state, events, chip entries, turns, views, exports,
 * summaries) is replayed from these lines.
 */
const JOURNAL_FORMAT = 'in-between-dealer/night-journal';
/**
 * The version written today; `JOURNAL_READERS` reads this one and every earlier one.
 * @internal exported for tests only
 */
export const JOURNAL_VERSION = 2;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'a seed is 32 bytes of lowercase hex');
const whole = z.number().int().nonnegative();
const positive = z.number().int().positive();
const id = z.string().min(1);
const betAmount = z.union([z.literal('pot'), positive]);
const laptopId = z.string().regex(/^l-[0-9a-f]{16}$/, 'a laptop id is l- and 16 hex digits');
/** M2: cash or credit. Lines written before M2 have none: the night's payment, and a night's payment defaults to credit. */
const paid = z.enum(PAYMENTS).optional();

/**
 * A shared expense as recorded (M4): its shares are facts, fixed by the
 * seating when it was recorded, so they are on the line rather than worked
 * out again on replay. That they name exactly the sharers, add up to the
 * amount and name players of the night is checked when the line is applied
 * (play.ts `expenseLineProblem`), live and on replay alike.
 */
const expenseFields = {
  id,
  payer: id,
  amount: positive,
  description: z.string().max(200),
  sharers: z.array(id).min(1),
  shares: z.record(z.string(), whole),
};

/** The first line of a journal. */
const journalHeaderSchema = z.object({
  format: z.literal(JOURNAL_FORMAT),
  version: z.number().int().positive(),
  night: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/),
});
type JournalHeader = z.infer<typeof journalHeaderSchema>;

/**
 * The night's rule settings as recorded. The house settings R26-R28 and R34 (with its `revealWaitMs`) came
 * after the first journals: a line without them is read as it was written
 * (they stay absent, so it writes back the same), and the engine takes
 * their defaults, which leave R1-R25 as they were.
 */
const recordedSettingsSchema = ruleSettingsSchema.extend({
  pass: ruleSettingsSchema.shape.pass.unwrap().optional(),
  maxBet: ruleSettingsSchema.shape.maxBet.unwrap().optional(),
  firstRound: ruleSettingsSchema.shape.firstRound.unwrap().optional(),
  anteWhen: ruleSettingsSchema.shape.anteWhen.unwrap().optional(),
  cards: ruleSettingsSchema.shape.cards.unwrap().optional(),
  revealWaitMs: ruleSettingsSchema.shape.revealWaitMs.unwrap().optional(),
});

/**
 * A command as recorded, version 1: the engine's command without the time
 * (kept once, on the line) and without the dealer's shuffles (their seeds are
 * on the line of the command that needed the deck).
 */
const commandV1Schema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('start'),
    nightId: id,
    players: z.array(z.strictObject({ id, name: z.string().min(1) })).min(1),
    startingChips: positive,
    /** Whole minor units of `currency` (M1). */
    chipValue: whole,
    currency: z.string(),
    settings: recordedSettingsSchema,
    carryIn: whole,
    payment: paid,
    /** The engine revision the night is played by (engine/flow.ts); absent on lines written before revisions: 1. */
    revision: positive.optional(),
  }),
  z.strictObject({ type: z.literal('draw') }),
  z.strictObject({ type: z.literal('cut'), cut: whole }),
  z.strictObject({ type: z.literal('deal') }),
  z.strictObject({ type: z.literal('ace-call'), call: z.enum(['low', 'high']) }),
  z.strictObject({ type: z.literal('bet'), amount: betAmount }),
  z.strictObject({ type: z.literal('buy-in'), playerId: id, amount: positive, paid }),
  z.strictObject({ type: z.literal('cash-out'), playerId: id, paid }),
  z.strictObject({ type: z.literal('undo') }),
  z.strictObject({ type: z.literal('correct-bet'), amount: betAmount }),
  z.strictObject({ type: z.literal('void-turn') }),
  // R34 *A lost chain*: the laptop's chain was lost; its new commitment is on this line's `table`.
  z.strictObject({ type: z.literal('chain-lost') }),
  z.strictObject({ type: z.literal('end') }),
  // House rules (R26-R33).
  z.strictObject({ type: z.literal('pass') }),
  z.strictObject({ type: z.literal('pair-call'), call: z.enum(['higher', 'lower']) }),
  z.strictObject({ type: z.literal('seat'), playerId: id, name: z.string().min(1), afterPlayerId: id, buyIn: positive, paid }),
  z.strictObject({ type: z.literal('move'), playerId: id, afterPlayerId: id }),
  z.strictObject({ type: z.literal('sit-out'), playerId: id }),
  z.strictObject({ type: z.literal('come-back'), playerId: id }),
  z.strictObject({ type: z.literal('reopen') }),
  // R35: the night moved to another laptop; handed over by its holder, or taken over from one that is gone (night/move.ts).
  z.strictObject({ type: z.literal('hand-over'), to: laptopId }),
  z.strictObject({ type: z.literal('take-over'), from: laptopId, line: positive, hash: hex64 }),
  // Shared expenses (M4): money, not chips, so the engine never sees them (see play.ts `applyExpenseLine`).
  z.strictObject({ type: z.literal('expense-add'), ...expenseFields }),
  z.strictObject({ type: z.literal('expense-edit'), ...expenseFields }),
  z.strictObject({ type: z.literal('expense-remove'), id }),
]);
export type RecordedCommand = z.infer<typeof commandV1Schema>;
/** The lines of shared expenses (M4), which move money but no chips. */
export type ExpenseCommand = Extract<RecordedCommand, { type: 'expense-add' | 'expense-edit' | 'expense-remove' }>;
/** The lines the engine plays. */
export type EngineRecordedCommand = Exclude<RecordedCommand, ExpenseCommand>;

/** Whether a recorded command is a shared expense's (M4) rather than the engine's. */
export function isExpenseCommand(command: RecordedCommand): command is ExpenseCommand {
  return command.type === 'expense-add' || command.type === 'expense-edit' || command.type === 'expense-remove';
}

const witnessId = z.string().regex(/^[0-9a-f]{16}$/, 'a witness id is 16 lowercase hex digits');

/**
 * R34 *Who was asked*: a phone joining ("help deal"), dropped after missing
 * MISSES_BEFORE_DROPPED draws in a row, coming back (helping again after a
 * drop or a closed socket), or leaving (its socket closed), after the
 * night's `afterDraw`-th draw. Recorded with the next commitment.
 */
const witnessChangeSchema = z.strictObject({
  witness: witnessId,
  change: z.enum(['joined', 'dropped', 'came-back', 'left']),
  afterDraw: whole,
});
export type WitnessChange = z.infer<typeof witnessChangeSchema>;

/**
 * R34: a deal's commitment (the witnesses' heads, and the phones' comings
 * and goings since the last one; lines written before have none) or one
 * card's draw (the values revealed, the witnesses missing).
 */
const tableStepSchema = z.union([
  z.strictObject({
    heads: z.array(z.strictObject({ id: witnessId, head: hex64 })).min(1),
    /** R34 *Chains that run out*, *A lost chain*: the witnesses whose head starts a new chain (absent: none). */
    newChains: z.array(witnessId).min(1).optional(),
    /** R34 *A lost chain*: why this commitment was made mid-deal (absent: a deal's own commitment). */
    reason: z.literal('laptop-chain-lost').optional(),
    witnessChanges: z.array(witnessChangeSchema).optional(),
  }),
  z.strictObject({ reveals: z.array(z.strictObject({ id: witnessId, value: hex64 })).min(1), missing: z.array(witnessId) }),
]);
export type TableStep = z.infer<typeof tableStepSchema>;

/**
 * The seed of a deck still in play when its line was written, sealed
 * (AES-256-GCM, the store's key: store/seedSeal.ts) so the file beside the
 * night does not show the cards to come (R12). `commitment` is sha256(seed),
 * already public on the table (R9); `sealed` is base64url of
 * iv (12 bytes) | the seed encrypted (32) | the tag (16).
 */
export const sealedSeedSchema = z.strictObject({
  commitment: hex64,
  sealed: z.string().regex(/^[A-Za-z0-9_-]{80}$/, 'a sealed seed is 60 bytes of base64url'),
});
export type SealedSeed = z.infer<typeof sealedSeedSchema>;
/** A seed as a line holds it: in plain (its deck retired by that same command, or written before seeds were sealed), or sealed. */
type RecordedSeed = string | SealedSeed;

/** One line after the header, version 1. */
const journalLineV1Schema = z.strictObject({
  /** When the command was accepted; absent only on lines migrated from files that did not record it. */
  at: z.string().min(1).optional(),
  command: commandV1Schema,
  /** The seeds the dealer drew for this command, in order (R9), each plain or sealed; absent when it needed no new deck. */
  seeds: z
    .array(z.union([hex64, sealedSeedSchema]))
    .min(1)
    .optional(),
  /** R12: the seeds of the decks this command retired that an earlier line holds sealed, in plain; absent when none. */
  revealed: z.array(hex64).min(1).optional(),
  /** R34: the table's commitments and draws this command needed, in order; absent with `cards: deck` or when it drew no card. */
  table: z.array(tableStepSchema).min(1).optional(),
});

/**
 * Version 2 (R35): every line also carries `prev`, the chain hash of the line
 * before it (recordChain.ts), and `epoch`, its writer's epoch. Lines written
 * since a night can move also carry `shown`: the cards the command turned
 * from a shuffled deck (R9-R13, the R7 draw deck included), in order, so a
 * laptop that cannot open the sealed seed of the deck in play still replays
 * the night (R35); absent when it turned none and with `cards: table`.
 */
const journalLineV2Schema = journalLineV1Schema.extend({
  // Its length only: a line's `prev` is compared with the hash worked out wherever the chain is checked, and a regular
  // expression on every line was a quarter of what version 2 added to a night's replay.
  prev: z.string().length(64, 'a chain hash is 64 hex digits'),
  epoch: positive,
  shown: z
    .array(z.custom<CardCode>((value) => typeof value === 'string' && isCardCode(value), { message: 'a card code such as AS or TC' }))
    .min(1)
    .optional(),
});

/**
 * R35: a laptop's signature of the night's first `lines` lines, whose chain
 * hash is `head` (docs/group.md "Signed nights"), by the laptop `laptop`
 * with the public key `key`. Not a line of the chain: it follows the line it
 * signs, and what it signs is checked against the chain when it is read.
 */
const signatureLineSchema = z.strictObject({
  signed: z.strictObject({
    laptop: laptopId,
    key: hex64,
    lines: positive,
    head: hex64,
    sig: z.string().regex(/^[0-9a-f]{128}$/, 'a signature is 64 bytes of lowercase hex'),
  }),
});
export type RecordSignature = z.infer<typeof signatureLineSchema>['signed'];

/** One accepted command, as every reader hands it over (today's shape), its seeds in plain: what replay and the session use. */
export interface JournalEntry {
  at?: string;
  command: RecordedCommand;
  seeds?: string[];
  table?: TableStep[];
  /** R35: the cards this command turned from shuffled decks, in order (absent: none, a `cards: table` night, or a line written before). */
  shown?: CardCode[];
  /**
   * R35: the commitment of the last deck this line shuffled, when its seed is sealed and this laptop cannot open it
   * (a copy held for another laptop, a deck lost in a takeover): only `decodeHeldJournal` gives it. Its cards are the
   * ones the lines show. Only the last deck a line shuffles can be sealed: any before it was retired on the same line.
   */
  unopened?: SealedSeed;
  /** R35: the writer's epoch when it is not the night's first (absent: 1). */
  epoch?: number;
}

/** One line as it is on disk: its seeds may be sealed, and it may reveal seeds sealed earlier. */
export interface JournalLine {
  at?: string;
  command: RecordedCommand;
  seeds?: RecordedSeed[];
  revealed?: string[];
  table?: TableStep[];
  shown?: CardCode[];
  epoch?: number;
}

/**
 * Opens a sealed seed with the store's key, or throws (no key, not the key
 * that sealed it) with a message saying which: the night I/O layer passes it
 * in, so this module holds no key and does no decryption itself.
 */
export type SeedOpener = (sealed: SealedSeed) => string;

/** A line that does not hold a fact this version can use. */
class JournalLineError extends Error {
  override readonly name = 'JournalLineError';
}

/**
 * Upcasting: one reader per version ever written, each turning a parsed
 * line of its version into today's JournalLine (its seeds as written, plain or sealed: decodeJournal opens them). A new version adds a
 * reader here and keeps every older one, so a night written years ago still
 * replays.
 */
const JOURNAL_READERS: Readonly<Record<number, (raw: unknown) => ReadLine>> = {
  1: (raw) => ({ line: parsedLine(journalLineV1Schema, raw), prev: null }),
  2: (raw) => {
    const { prev, epoch, ...line } = parsedLine(journalLineV2Schema, raw);
    return { line: epoch === FIRST_EPOCH ? line : { ...line, epoch }, prev };
  },
};

/** A line as its version's reader gives it: today's line, and the chain hash it says it follows (null before version 2). */
interface ReadLine {
  line: JournalLine;
  prev: string | null;
}

function parsedLine<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new JournalLineError(firstIssueText(parsed.error, 'it does not match', '(line)'));
  return parsed.data;
}

/** @internal exported for tests only (the store writes whole journals with `chainedJournal`) */
export function headerLine(nightId: string): string {
  return `${JSON.stringify({ format: JOURNAL_FORMAT, version: JOURNAL_VERSION, night: nightId })}\n`;
}

/**
 * One entry as the line appended to the journal, newline included. A JournalEntry is written with its seeds in plain;
 * the store seals them first (store/sealedJournal.ts). `prev`: the chain hash it follows (R35), written from version 2
 * on; null for a line appended to a journal of version 1, which stays as it was written.
 */
export function encodeEntry(entry: LineOrEntry, prev: string | null): string {
  const line: JournalLine & { epoch?: number; prev?: string } = {
    ...(entry.at !== undefined ? { at: entry.at } : {}),
    command: entry.command,
  };
  const seeds = seedsOnLine(entry);
  if (seeds.length > 0) line.seeds = seeds;
  if (entry.revealed && entry.revealed.length > 0) line.revealed = entry.revealed;
  if (entry.table && entry.table.length > 0) line.table = entry.table;
  // R35: a line of version 1 stays as lines of its version were (its reader knows no `shown`).
  if (prev !== null && entry.shown && entry.shown.length > 0) line.shown = entry.shown;
  if (prev !== null) {
    line.epoch = entry.epoch ?? FIRST_EPOCH;
    line.prev = prev;
  }
  return `${JSON.stringify(line)}\n`;
}

/** The chain hash of `line` written after the line whose hash is `prev` (recordChain.ts). */
export function hashOfLine(prev: string, line: LineOrEntry): string {
  return lineHash(prev, line.unopened ? { ...line, seeds: seedsOnLine(line) } : line, line.epoch ?? FIRST_EPOCH);
}

/**
 * The seeds a line holds: an entry's deck whose seed this laptop could not open (R35: a copy held for another laptop,
 * a deck lost in a takeover) stays last on it, sealed as it came, so the line and its chain hash are the ones its
 * writer made.
 */
function seedsOnLine(line: LineOrEntry): RecordedSeed[] {
  const seeds: RecordedSeed[] = line.seeds ?? [];
  return line.unopened ? [...seeds, line.unopened] : seeds;
}

/** A line to write: as on disk, or an entry as read (its seeds in plain, and perhaps one this laptop could not open). */
type LineOrEntry = JournalLine & { unopened?: SealedSeed };

/** A whole journal of today's version: the header and each line chained to the one before (R35); and its chain head. */
export function chainedJournal(nightId: string, lines: readonly LineOrEntry[]): { text: string; head: string } {
  let head = chainStart(nightId);
  let text = headerLine(nightId);
  for (const line of lines) {
    text += encodeEntry(line, head);
    head = hashOfLine(head, line);
  }
  return { text, head };
}

/** A signature line (R35): `signed` follows the line it signs. */
export function signatureLine(signed: RecordSignature): string {
  return `${JSON.stringify({ signed })}\n`;
}

/** What a journal's text holds. */
export interface DecodedJournal {
  header: JournalHeader;
  entries: JournalEntry[];
  /** Bytes of the text that hold the header and `entries`; anything after is a torn line or damage. */
  goodBytes: number;
  /** A last line cut short (no newline): never acknowledged, so dropped. */
  tornTail: boolean;
  /**
   * A whole line that cannot be read: the entries before it are kept, nothing
   * after it. `sealed`: the line is whole, but the seed of the deck it shuffled
   * is sealed, never revealed later in the file, and could not be opened (R12).
   */
  damage: { line: number; reason: string; sealed?: true } | null;
  /** How many seeds the file holds sealed (0 for a journal written before seeds were sealed). */
  sealedSeeds: number;
  /**
   * R35, read with `{ chain: true }`: the chain hash after each of `entries` (the same for a journal of version 1,
   * whose lines carry none: the chain is worked out from their facts), each line's `prev` checked. Empty otherwise.
   */
  heads: string[];
  /**
   * R35: the chain hash after the last entry (`chainStart` when there is none): what the next line appended follows.
   * Null for a journal of version 1 read without `{ chain: true }` (its lines are appended without the chain).
   */
  head: string | null;
  /** R35: the signatures the file holds; with `{ chain: true }`, each checked to sign the chain as it stood after its `lines` lines. */
  signatures: RecordSignature[];
}

/** The journal's header could not be read: the file is not a journal this app can read at all. */
export class JournalHeaderError extends Error {
  override readonly name = 'JournalHeaderError';
}

interface DecodeOptions {
  /** R35: check every line's `prev` against the chain worked out from the lines before it. */
  chain?: boolean;
  /**
   * R35: a copy of a journal held for another laptop: a seed sealed with its key, never revealed later in the file,
   * is not damage but a deck known only by the cards the lines show (the entry's `unopened`), as long as it is the
   * line's last (the deck left in play). Without it, only a seed before the last takeover is read so (the deck lost
   * with its laptop); any other that does not open is damage, as ever.
   */
  unopened?: boolean;
  /**
   * R35: how many command lines come before the text's first (a live copy reads each line of a batch alone, after the
   * lines it holds): a takeover names the line it follows counted from the night's start, not from the text's.
   */
  linesBefore?: number;
}

/**
 * Reads a journal's text. A last line without its newline was being written
 * when the power went: it was never acknowledged, so it is dropped. A whole
 * line that is not JSON or not a fact of its version stops the read there
 * (`damage`); the lines before it stay. Sealed seeds are opened from the
 * seeds revealed later in the file (R12) or else by `open`; one that neither
 * opens stops the read at its line the same way (`damage.sealed`).
 */
export function decodeJournal(text: string, open?: SeedOpener, options: DecodeOptions = {}): DecodedJournal {
  const firstBreak = text.indexOf('\n');
  if (firstBreak < 0) throw new JournalHeaderError(text.length === 0 ? 'the file is empty' : 'its first line is cut short');
  const header = parseHeader(text.slice(0, firstBreak));
  const read = JOURNAL_READERS[header.version];
  if (!read) throw new JournalHeaderError(`no reader for version ${header.version}`);
  const lines: JournalLine[] = [];
  /** Where each line starts, so a read stopped at a sealed seed knows its good bytes. */
  const starts: number[] = [];
  const heads: string[] = [];
  const signatures: RecordSignature[] = [];
  // R35: the chain is checked line by line only when asked (a copy from elsewhere, a signature to make): about 6 us a
  // line, which a start-up reading its own journals need not pay. Without it the head is the last line's `prev` and hash.
  const checkChain = options.chain === true;
  let head = chainStart(header.night);
  let lastPrev: string | null = null;
  let position = firstBreak + 1;
  let line = 2;
  let tornTail = false;
  let damage: DecodedJournal['damage'] = null;
  while (position < text.length) {
    const end = text.indexOf('\n', position);
    if (end < 0) {
      tornTail = true;
      break;
    }
    const lineText = text.slice(position, end);
    try {
      const raw = parseJson(lineText);
      if (header.version >= 2 && isSignatureLine(raw)) signatures.push(readSignature(raw, lines.length, checkChain ? head : null));
      else {
        const { line: fact, prev } = read(raw);
        const moved = takeOverProblem(fact, prev, (options.linesBefore ?? 0) + lines.length);
        if (moved) throw new JournalLineError(moved);
        if (checkChain) {
          // R35: a line that does not follow the one before it was changed, or one before it was (or was taken out).
          if (prev !== null && prev !== head)
            throw new JournalLineError('its chain is broken: it does not follow the line before it (a line was changed or taken out, R35)');
          head = hashOfLine(head, fact);
          heads.push(head);
        }
        lastPrev = prev;
        lines.push(fact);
        starts.push(position);
      }
    } catch (error) {
      damage = { line, reason: (error as Error).message };
      break;
    }
    position = end + 1;
    line += 1;
  }
  const opened = openSeeds(lines, open, options.unopened === true);
  const kept = opened.entries.length;
  const chain = {
    heads: heads.slice(0, kept),
    head: chainHead(header, lines, kept, checkChain ? (heads[kept - 1] ?? head) : null, lastPrev),
    signatures: signatures.filter((s) => s.lines <= kept),
  };
  if (opened.lost) {
    const at = opened.entries.length;
    return {
      header,
      entries: opened.entries,
      goodBytes: byteLength(text, starts[at] ?? position),
      tornTail: false,
      damage: { line: at + 2, reason: opened.lost, sealed: true },
      sealedSeeds: opened.sealedSeeds,
      ...chain,
    };
  }
  return {
    header,
    entries: opened.entries,
    goodBytes: byteLength(text, position),
    tornTail,
    damage,
    sealedSeeds: opened.sealedSeeds,
    ...chain,
  };
}

/** The chain hash after the first `kept` lines: worked out when checked, else from the last line's `prev` (version 2). */
function chainHead(
  header: JournalHeader,
  lines: readonly JournalLine[],
  kept: number,
  checked: string | null,
  lastPrev: string | null,
): string | null {
  if (kept === 0) return chainStart(header.night);
  if (checked !== null) return checked;
  const last = lines[kept - 1];
  // Only the last line's own prev is known without the chain: a read stopped earlier (a sealed seed lost) needs it worked out.
  if (header.version < 2 || kept !== lines.length || lastPrev === null || !last) return null;
  return hashOfLine(lastPrev, last);
}

function isSignatureLine(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && 'signed' in raw;
}

/** A signature line, checked to sign the chain as it stands after `lines` lines, whose hash is `head` (when the chain is checked). */
function readSignature(raw: unknown, lines: number, head: string | null): RecordSignature {
  const { signed } = parsedLine(signatureLineSchema, raw);
  if (signed.lines !== lines || (head !== null && signed.head !== head))
    throw new JournalLineError(`its signature does not sign the ${lines} lines before it (R35)`);
  return signed;
}

/**
 * Every line's seeds in plain: a sealed one from the seed revealed later in
 * the file whose sha256 is its commitment (R9, R12: no key needed), else
 * opened by `open`. Stops at the first line holding a seed neither gives.
 */
function openSeeds(
  lines: readonly JournalLine[],
  open: SeedOpener | undefined,
  keepUnopened: boolean,
): { entries: JournalEntry[]; lost: string | null; sealedSeeds: number } {
  const revealed = new Map<string, string>();
  let sealedSeeds = 0;
  for (const line of lines) {
    for (const seed of line.revealed ?? []) revealed.set(commitmentOf(seed), seed);
    for (const seed of line.seeds ?? []) if (typeof seed !== 'string') sealedSeeds += 1;
  }
  // R35: a deck in play when the night was taken over stays sealed on the laptop that was lost: a seed before the
  // last takeover that does not open is that deck's (the takeover retires it unrevealed), not damage.
  const lastTakeOver = lines.findLastIndex((line) => line.command.type === 'take-over');
  const entries: JournalEntry[] = [];
  for (const [index, line] of lines.entries()) {
    // Most lines draw no deck and reveal none: they are today's entries as read.
    if (!line.seeds && !line.revealed) {
      entries.push(line as JournalEntry);
      continue;
    }
    const { revealed: _revealed, seeds, ...rest } = line;
    if (!seeds) {
      entries.push(rest);
      continue;
    }
    const plain: string[] = [];
    let unopened: SealedSeed | undefined;
    for (const [at, seed] of seeds.entries()) {
      if (typeof seed === 'string') {
        plain.push(seed);
        continue;
      }
      const known = revealed.get(seed.commitment);
      if (known !== undefined) {
        plain.push(known);
        continue;
      }
      const problem = openProblem(seed, open, plain);
      if (problem && (keepUnopened || index < lastTakeOver) && at === seeds.length - 1) unopened = seed;
      else if (problem) return { entries, lost: problem, sealedSeeds };
    }
    const entry: JournalEntry = plain.length > 0 ? { ...rest, seeds: plain } : rest;
    entries.push(unopened === undefined ? entry : { ...entry, unopened });
  }
  return { entries, lost: null, sealedSeeds };
}

/** Opens one sealed seed into `plain`; why it could not be opened, or null. */
function openProblem(seed: SealedSeed, open: SeedOpener | undefined, plain: string[]): string | null {
  if (!open) return 'the seed of the deck shuffled here is sealed and no key was given to open it';
  let opened: string;
  try {
    opened = open(seed);
  } catch (error) {
    return `the seed of the deck shuffled here is sealed and ${(error as Error).message}`;
  }
  if (commitmentOf(opened) !== seed.commitment)
    return 'the seed of the deck shuffled here opens to a seed that does not match its commitment (R9)';
  plain.push(opened);
  return null;
}

function parseHeader(text: string): JournalHeader {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new JournalHeaderError('its first line is not JSON');
  }
  const parsed = journalHeaderSchema.safeParse(raw);
  if (!parsed.success)
    throw new JournalHeaderError(`its first line does not name ${JOURNAL_FORMAT} (${parsed.error.issues[0]?.message ?? 'unknown'})`);
  if (parsed.data.version > JOURNAL_VERSION) {
    throw new JournalHeaderError(
      `written by a newer version of the app (journal version ${parsed.data.version}; this one reads up to ${JOURNAL_VERSION})`,
    );
  }
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new JournalLineError(`not JSON (${(error as Error).message})`);
  }
}

/** UTF-8 bytes of text[0, end): lines are mostly ASCII, so count only what is not. */
function byteLength(text: string, end: number): number {
  return Buffer.byteLength(text.slice(0, end), 'utf8');
}

/** The engine's command for a recorded one; start, end and reopen take the line's time. */
export function engineCommandOf(entry: JournalEntry & { command: EngineRecordedCommand }): EngineCommand {
  const { command } = entry;
  if (command.type === 'start' || command.type === 'end' || command.type === 'reopen') {
    if (entry.at === undefined) throw new JournalLineError(`a ${command.type} line needs its time`);
    // A start line without a revision was written before revisions: its night is played by revision 1, as it was.
    if (command.type === 'start')
      return { ...command, settings: ruleSettingsSchema.parse(command.settings), at: entry.at, revision: command.revision ?? 1 };
    return { ...command, at: entry.at };
  }
  return command;
}

/** The fact to record for an engine command (the time goes on the line). */
export function recordedCommandOf(command: Exclude<EngineCommand, { type: 'shuffle' }>): RecordedCommand {
  // R34: like the dealer's shuffles, the table's commitments and draws go on the line of the command that needed them, never on a line of their own
  // (R35: and a sealed deck is only ever replayed).
  if (command.type === 'commit' || command.type === 'reveal' || command.type === 'shuffle-sealed')
    throw new Error(`a ${command.type} is recorded on the line of the command that needed it`);
  if (command.type === 'start') {
    const { at: _at, ...rest } = command;
    // The revision is written on every new night, so it replays by the rules it was played by.
    return { ...rest, revision: command.revision ?? ENGINE_REVISION };
  }
  if (command.type === 'end' || command.type === 'reopen') {
    const { at: _at, ...rest } = command;
    return rest;
  }
  return command;
}
