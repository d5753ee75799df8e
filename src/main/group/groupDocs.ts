import * as Y from 'yjs';
import { z } from 'zod';
import {
  hasPayDetails,
  normalisePayDetails,
  payDetailsProblem,
  payDetailsSchema,
  settleModeSchema,
  type PayDetails,
  type SettleMode,
} from '../../shared';
import { mergeProblem, type PlayerMerge } from '../history';
import { laptopStatement, revocationStatement, verifySignature, type LaptopSigner } from '../night';
import { playerMergeSchema, sharedPlayerSchema } from '../store';
import { laptopNameSchema } from './groupFile';

/**
 * The group's documents in Yjs (docs/group.md "Which edit wins"): what any
 * laptop of the group may change. Its maps in one Y.Doc:
 *
 * - `roster`: player id -> the player as the group sees them (no payment details);
 * - `merges`: merged-away player id -> the merge; undoing it deletes the key;
 * - `paid`: running-tab transfer id -> true; a mark taken back deletes the key;
 * - `modes`: night id -> its settle mode; back to the fewest transfers deletes the key;
 * - `details`: player id -> their payment details, only for players whose
 *   details a host chose to share (`share`); no longer sharing deletes the key.
 *   A shared player's details are the group's: an edit on any laptop is recorded.
 * - `laptops`: laptop id -> its name and public key, signed by that laptop's
 *   key (`laptopStatement`); each laptop writes its own entry only. Yjs lets
 *   any laptop write any key, so a reader keeps an entry only when its
 *   signature is good (`signedLaptops`), and the group's history keeps it
 *   only when the key is the one the group holds for that laptop
 *   (groupHistory.ts): another member can neither rename nor re-key a laptop.
 *   An entry overwritten by someone else is written again by its laptop at its
 *   next record (`introduce`), and its later write wins.
 * - `revoked`: a laptop's public key -> who revoked it and when, signed by
 *   the revoking member (`revoke`): a key lost or stolen no longer counts on
 *   any laptop once this reaches it. Never deleted: a key revoked stays so.
 *   A reader keeps an entry only when it is signed by the key the group
 *   holds for the member named (`revokedKeys`).
 * - `moves`: `<night id> <epoch>` -> a night taken over (R35): the laptop that
 *   holds it from that epoch on, the laptop and line it went on from, signed
 *   by the laptop that took it (`recordMove`). Never deleted. So a laptop
 *   that comes back with the night still open learns where it went from the
 *   group folder too, not only from a paired laptop it can reach
 *   (`movesOf`: every move well signed by its taker; the highest epoch is where it went on).
 *
 * Yjs decides every concurrent edit (the same way on every laptop, in any
 * order, any number of times): two sets of one key keep one of them, a set
 * and a delete of one key keep the set. Nothing here decides a conflict; the
 * only rule applied after merging is the validity of merges (`validMerges`),
 * a deterministic reading of the merged maps, the same on every laptop.
 *
 * What another laptop wrote is not trusted: Yjs merges whatever its update
 * holds, so `read` parses every value with the schema this laptop keeps it
 * under and leaves out one that does not pass (a player without a name, a
 * settle mode that is none), the same way on every laptop.
 */

/** A roster player as the group shares them: their payment details only ever travel in `details`, when a host shares them. */
export interface SharedPlayer {
  id: string;
  name: string;
  colour: string;
  initials: string;
  archived: boolean;
}

/** What the group documents hold, as plain values. */
export interface SharedHistory {
  roster: SharedPlayer[];
  merges: PlayerMerge[];
  paid: string[];
  modes: Record<string, SettleMode>;
  /** The payment details shared with the group, by player id (only players a host chose to share). */
  details: Record<string, PayDetails>;
}

/** A laptop as it signs itself into the group documents' `laptops` map. */
export interface LaptopEntry {
  name: string;
  /** Its Ed25519 public key, 64 lowercase hex digits. */
  publicKey: string;
  /** By that key, of `laptopStatement(groupId, laptopId, name, publicKey)`, 128 lowercase hex digits. */
  signature: string;
}

/** A key revoked: which laptop it was, which member revoked it and when, signed by that member. */
export interface Revocation {
  laptopId: string;
  by: string;
  at: string;
  signature: string;
}

const revocationSchema = z.object({
  laptopId: z.string(),
  by: z.string(),
  at: z.string(),
  signature: z.string().regex(/^[0-9a-f]{128}$/),
});

/** R35: a night taken over at `epoch` by laptop `by`, from laptop `from` after its line `line`, signed by `by`. */
const nightMoveSchema = z.object({
  nightId: z.string().min(1),
  epoch: z.number().int().min(2),
  by: z.string().min(1),
  from: z.string().min(1),
  line: z.number().int().positive(),
  at: z.string(),
  signature: z.string().regex(/^[0-9a-f]{128}$/),
});
export type NightMove = z.infer<typeof nightMoveSchema>;

/** What the taker of a night signs: the group, the night, the epoch it writes at, and where it went on from. */
function moveStatement(groupId: string, move: Omit<NightMove, 'signature'>): string {
  return [
    'in-between-dealer/night-move',
    `group ${groupId}`,
    `night ${move.nightId}`,
    `epoch ${move.epoch}`,
    `by ${move.by}`,
    `from ${move.from}`,
    `line ${move.line}`,
    `at ${move.at}`,
  ].join('\n');
}

const laptopEntrySchema = z.object({
  name: laptopNameSchema,
  publicKey: z.string().regex(/^[0-9a-f]{64}$/),
  signature: z.string().regex(/^[0-9a-f]{128}$/),
});

export class GroupDocs {
  readonly doc = new Y.Doc();
  private readonly roster = this.doc.getMap<SharedPlayer>('roster');
  private readonly merges = this.doc.getMap<Omit<PlayerMerge, 'from'>>('merges');
  private readonly paid = this.doc.getMap<true>('paid');
  private readonly modes = this.doc.getMap<SettleMode>('modes');
  private readonly details = this.doc.getMap<PayDetails>('details');
  private readonly laptops = this.doc.getMap<LaptopEntry>('laptops');
  private readonly revoked = this.doc.getMap<Revocation>('revoked');
  private readonly moves = this.doc.getMap<NightMove>('moves');
  /** The well-signed laptop entries as last read, and the document's version then: names are asked for every night listed. */
  private laptopsRead: { version: number; groupId: string; entries: ReadonlyMap<string, LaptopEntry> } | null = null;
  /** Whose details are shared, as last read: the console's view asks at every push, the document changes far more rarely. */
  private sharedPayRead: readonly string[] | null = null;
  /** Bumped by every change that reaches the document: Yjs emits `update` only for a transaction that changed something. */
  private version = 0;

  constructor() {
    // Any change, made here or merged from another laptop, may change what `read` gives.
    this.doc.on('update', () => {
      this.sharedPayRead = null;
      this.version++;
    });
  }

  /**
   * Merges another copy's update (any order, any number of times); throws when the bytes are not a Yjs update.
   * True when it brought anything this document did not hold (an update seen before changes nothing).
   */
  applyUpdate(update: Uint8Array): boolean {
    const before = this.version;
    Y.applyUpdate(this.doc, update, 'received');
    return this.version !== before;
  }

  /** The whole document as one update: what this laptop writes as its `docs.yjs`. */
  encode(): Uint8Array {
    return Y.encodeStateAsUpdate(this.doc);
  }

  /**
   * Records this laptop's state of the shared history: only the keys that
   * differ are written, in one transaction, so an unchanged value makes no
   * change and never wins over another laptop's edit. True when anything changed.
   */
  record(local: SharedHistory): boolean {
    let changed = false;
    this.doc.transact(() => {
      // A roster player is never removed (only archived): a player the group knows stays known.
      changed = syncMap(this.roster, new Map(local.roster.map((p) => [p.id, sharedPlayer(p)])), new Set()) || changed;
      const merges = new Map(local.merges.map(({ from, into, at, wasArchived }) => [from, { into, at, wasArchived }]));
      // Only a merge that counts can be undone here: one recorded but not counting (validMerges) is left as recorded.
      changed = syncMap(this.merges, merges, new Set(this.read().merges.map((m) => m.from))) || changed;
      changed = syncMap(this.paid, new Map(local.paid.map((id) => [id, true as const]))) || changed;
      const modes = new Map(Object.entries(local.modes).filter(([, mode]) => mode !== 'fewest'));
      changed = syncMap(this.modes, modes) || changed;
      // Only a player shared already is updated here (an edit of their details): sharing starts and stops by `share` alone,
      // so a laptop that has not yet read another's share never takes it back.
      const edited = new Map(Object.entries(local.details).filter(([id]) => this.details.has(id)));
      changed = syncMap(this.details, edited, new Set()) || changed;
    }, 'local');
    return changed;
  }

  /** Starts sharing a player's payment details with the group (`details`), or stops (null). True when anything changed. */
  share(playerId: string, details: PayDetails | null): boolean {
    let changed = false;
    this.doc.transact(() => {
      changed = syncMap(this.details, details ? new Map([[playerId, details]]) : new Map(), new Set([playerId]));
    }, 'local');
    return changed;
  }

  /**
   * Revokes `key`, which the group held for `laptopId` (lost or stolen: docs/group.md "Keys that change"), signed by
   * this laptop as the member who did. True when anything changed.
   */
  revoke(signer: LaptopSigner, groupId: string, laptopId: string, key: string, at: string): boolean {
    if (this.revoked.has(key)) return false;
    const entry: Revocation = {
      laptopId,
      by: signer.laptopId,
      at,
      signature: signer.sign(revocationStatement(groupId, laptopId, key, signer.laptopId, at)),
    };
    this.doc.transact(() => this.revoked.set(key, entry), 'local');
    return true;
  }

  /**
   * The keys revoked, each with the laptop it was and who revoked it, kept only when signed by the key `keyOf` gives
   * for that member (the group's held key, or this laptop's own): a stranger, or a member signing for another, is not
   * heard.
   */
  revokedKeys(groupId: string, keyOf: (laptopId: string) => string | undefined): ReadonlyMap<string, Revocation> {
    const keys = new Map<string, Revocation>();
    for (const [key, value] of this.revoked.entries()) {
      const parsed = revocationSchema.safeParse(value);
      if (!parsed.success) continue;
      const { laptopId, by, at, signature } = parsed.data;
      const signer = keyOf(by);
      if (signer !== undefined && verifySignature(signer, revocationStatement(groupId, laptopId, key, by, at), signature))
        keys.set(key, parsed.data);
    }
    return keys;
  }

  /** R35: this laptop (`signer`) took night `move.nightId` over at `move.epoch`, signed. True when anything changed. */
  recordMove(signer: LaptopSigner, groupId: string, move: Omit<NightMove, 'by' | 'signature'>): boolean {
    const key = `${move.nightId} ${move.epoch}`;
    if (this.moves.get(key)?.by === signer.laptopId) return false;
    const unsigned = { ...move, by: signer.laptopId };
    const entry: NightMove = { ...unsigned, signature: signer.sign(moveStatement(groupId, unsigned)) };
    this.doc.transact(() => this.moves.set(key, entry), 'local');
    return true;
  }

  /**
   * R35: the last move of a night the documents hold: the highest epoch whose entry is signed by the key `keyOf`
   * gives for its taker. A stranger, or a member signing a move for another laptop, is not heard; null when none.
   */
  /** R35: every move of a night the documents hold, each signed by the key `keyOf` gives for its taker, by epoch. */
  movesOf(groupId: string, nightId: string, keyOf: (laptopId: string) => string | undefined): NightMove[] {
    const moves: NightMove[] = [];
    for (const value of this.moves.values()) {
      const parsed = nightMoveSchema.safeParse(value);
      if (!parsed.success || parsed.data.nightId !== nightId) continue;
      const { signature, ...unsigned } = parsed.data;
      const key = keyOf(unsigned.by);
      if (key !== undefined && verifySignature(key, moveStatement(groupId, unsigned), signature)) moves.push(parsed.data);
    }
    return moves.sort((a, b) => a.epoch - b.epoch);
  }

  /**
   * This laptop's own entry in `laptops`: its name and public key, signed by
   * `signer` for `groupId`. Written only when the documents hold anything
   * else for it (a rename, a new key, another member's overwrite), so an
   * unchanged entry makes no change. True when anything changed.
   */
  introduce(signer: LaptopSigner, groupId: string, name: string): boolean {
    const held = this.laptops.get(signer.laptopId);
    if (held?.name === name && held.publicKey === signer.publicKey && this.signedLaptops(groupId).has(signer.laptopId)) return false;
    const entry: LaptopEntry = {
      name,
      publicKey: signer.publicKey,
      signature: signer.sign(laptopStatement(groupId, signer.laptopId, name, signer.publicKey)),
    };
    this.doc.transact(() => this.laptops.set(signer.laptopId, entry), 'local');
    return true;
  }

  /**
   * The `laptops` entries whose signature is good for `groupId`, by laptop id,
   * sorted: one written by anyone but the holder of the key it names fails
   * here. Which key a laptop may have is the group's history's to say.
   */
  signedLaptops(groupId: string): ReadonlyMap<string, LaptopEntry> {
    if (this.laptopsRead?.version === this.version && this.laptopsRead.groupId === groupId) return this.laptopsRead.entries;
    const entries = new Map<string, LaptopEntry>();
    for (const laptopId of [...this.laptops.keys()].sort()) {
      const parsed = laptopEntrySchema.safeParse(this.laptops.get(laptopId));
      if (!parsed.success) continue;
      const { name, publicKey, signature } = parsed.data;
      if (verifySignature(publicKey, laptopStatement(groupId, laptopId, name, publicKey), signature)) entries.set(laptopId, parsed.data);
    }
    this.laptopsRead = { version: this.version, groupId, entries };
    return entries;
  }

  /**
   * A laptop's own entry as its own copy of the documents holds it (the
   * `docs.yjs` of its subfolder, read alone: what that laptop wrote, not what
   * Yjs kept of concurrent writes), when well signed; null otherwise, or when
   * the bytes are not a Yjs update.
   */
  static ownEntry(update: Uint8Array, groupId: string, laptopId: string): LaptopEntry | null {
    const alone = new GroupDocs();
    try {
      alone.applyUpdate(update);
    } catch {
      return null;
    }
    return alone.signedLaptops(groupId).get(laptopId) ?? null;
  }

  /** The shared history as the merged documents say, sorted so every laptop reads the same values in the same order. */
  read(): SharedHistory {
    const roster = parsedEntries(this.roster, (id, p) => sharedPlayerSchema.safeParse({ ...asObject(p), id })).sort(byId);
    const recorded = parsedEntries(this.merges, (from, m) => playerMergeSchema.safeParse({ ...asObject(m), from }));
    const paid = [...this.paid.entries()]
      .filter(([, value]) => value === true)
      .map(([id]) => id)
      .sort();
    const modes: Record<string, SettleMode> = {};
    for (const key of [...this.modes.keys()].sort()) {
      const mode = settleModeSchema.safeParse(this.modes.get(key));
      if (mode.success) modes[key] = mode.data;
    }
    return { roster, merges: validMerges(roster, recorded), paid, modes, details: this.sharedDetails(roster) };
  }

  /** The players whose payment details are shared (those `read` gives), read again only after the document changed. */
  sharedPayIds(): readonly string[] {
    this.sharedPayRead ??= Object.keys(this.read().details);
    return this.sharedPayRead;
  }

  /** The shared payment details of players the roster knows, each checked as a laptop's own would be: another laptop's copy may be tampered. */
  private sharedDetails(roster: readonly SharedPlayer[]): Record<string, PayDetails> {
    const known = new Set(roster.map((p) => p.id));
    const details: Record<string, PayDetails> = {};
    for (const id of [...this.details.keys()].sort()) {
      const parsed = payDetailsSchema.safeParse(this.details.get(id));
      const kept = parsed.success ? normalisePayDetails(parsed.data) : undefined;
      if (known.has(id) && kept && hasPayDetails(kept) && payDetailsProblem(kept) === null) details[id] = kept;
    }
    return details;
  }
}

/**
 * The merges that count, read the same on every laptop: in the order they
 * were made (time, then player id), a merge is kept unless it names a
 * player the roster lacks or would make a chain into a cycle with those
 * kept (two laptops merging Ann into Bea and Bea into Ann while apart: the
 * earlier counts; the other stays recorded and counts once it is undone).
 */
function validMerges(roster: readonly SharedPlayer[], recorded: readonly PlayerMerge[]): PlayerMerge[] {
  const kept: PlayerMerge[] = [];
  const ordered = [...recorded].sort((a, b) => (a.at === b.at ? compare(a.from, b.from) : compare(a.at, b.at)));
  for (const merge of ordered) if (mergeProblem(roster, kept, merge.from, merge.into) === null) kept.push(merge);
  return kept;
}

/** Each key's value as `parse` reads it, the ones it refuses left out (another laptop's document may hold anything). */
function parsedEntries<V, T>(map: Y.Map<V>, parse: (key: string, value: unknown) => z.ZodSafeParseResult<T>): T[] {
  const kept: T[] = [];
  for (const [key, value] of map.entries()) {
    const parsed = parse(key, value);
    if (parsed.success) kept.push(parsed.data);
  }
  return kept;
}

function asObject(value: unknown): object {
  return typeof value === 'object' && value !== null ? value : {};
}

function sharedPlayer(p: SharedPlayer): SharedPlayer {
  return { id: p.id, name: p.name, colour: p.colour, initials: p.initials, archived: p.archived };
}

/** Sets the keys whose value differs and deletes those `wanted` lacks (of `removable`, all when absent); true when anything changed. */
function syncMap<V>(map: Y.Map<V>, wanted: ReadonlyMap<string, V>, removable?: ReadonlySet<string>): boolean {
  let changed = false;
  for (const key of [...map.keys()]) {
    if (!wanted.has(key) && (removable === undefined || removable.has(key))) {
      map.delete(key);
      changed = true;
    }
  }
  for (const [key, value] of wanted) {
    if (JSON.stringify(map.get(key)) !== JSON.stringify(value)) {
      map.set(key, value);
      changed = true;
    }
  }
  return changed;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byId(a: { id: string }, b: { id: string }): number {
  return compare(a.id, b.id);
}
