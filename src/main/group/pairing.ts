import { randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { sha256Hex } from '../../shared/sha256';
import { PAIRING_ALPHABET, PAIRING_CODE_LENGTH, PAIRING_LIFETIME_MS, type PairedLaptopView } from '../../shared';
import { groupDisk, writeFileDurably } from '../store';

/**
 * Laptop to laptop, the pairing (docs/group-lan.md): a code shown on one
 * laptop for 5 minutes, good once, typed on the other; then each holds a
 * key for the other's group listener. What is kept is `group/lan-peers.json`
 * in the data folder (readable by this user only, never in a backup nor in
 * the group folder): per paired laptop its name, where it was reached, the
 * key to show it, and the sha256 of the key it shows here.
 *
 * A code is 80 bits; the listener tells `guess` of every token it is shown,
 * and after MAX_WRONG_GUESSES wrong ones the code is closed, so guessing
 * one before it expires is out of reach (10 guesses of 2^80).
 */

/**
 * Wrong tokens shown to the group listener while a code is open before the code is closed.
 * @internal exported for tests only
 */
export const MAX_WRONG_GUESSES = 10;
/** "Last heard from" on the console moves by this much at most once (the sync runs every second). */
const HEARD_SHOWN_EVERY_MS = 60_000;
/** @internal exported for tests only */
export const PEERS_FILE = path.join('group', 'lan-peers.json');
const PEERS_FORMAT = 'in-between-dealer/lan-peers';

const keptPeerSchema = z.object({
  laptopId: z.string().min(1),
  name: z.string().min(1),
  addresses: z.array(z.string()),
  /** The key this laptop shows the other's listener. */
  theirKey: z.string().min(16),
  /** The sha256 (hex) of the key the other shows here: the key itself is not kept on this side. */
  ourKeySha256: z.string().regex(/^[0-9a-f]{64}$/),
  pairedAt: z.string(),
});
const peersFileSchema = z.object({
  format: z.literal(PEERS_FORMAT),
  version: z.literal(1),
  peers: z.array(keptPeerSchema),
});
export type KeptPeer = z.infer<typeof keptPeerSchema>;

/** A fresh pairing code: 16 letters of PAIRING_ALPHABET, 5 bits each. */
function newPairingCode(random: (size: number) => Uint8Array = randomBytes): string {
  let code = '';
  // 256 is a multiple of 32: every letter is as likely as any other.
  for (const byte of random(PAIRING_CODE_LENGTH)) code += PAIRING_ALPHABET[byte % PAIRING_ALPHABET.length];
  return code;
}

/** A key for a paired laptop: 192 bits. */
export function newPeerKey(): string {
  return randomBytes(24).toString('base64url');
}

/** Constant-time comparison, so a wrong guess says nothing about how close it was. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type ClaimOutcome = { ok: true } | { ok: false; why: 'none-open' | 'expired' | 'wrong' };

interface OpenCode {
  code: string;
  expiresAt: number;
  wrongGuesses: number;
}

/** Why the last code closed before it was used, for the console. */
export type CodeClosed = 'expired' | 'too-many-guesses' | null;

export class LanPairing {
  private open: OpenCode | null = null;
  private peers: KeptPeer[];
  /** How each paired laptop's last sync went (not kept: a restart finds out again). */
  private readonly heard = new Map<string, { lastHeardAt: string | null; problem: PairedLaptopView['problem'] }>();
  private closedWhy: CodeClosed = null;

  constructor(
    private readonly dataRoot: string,
    private readonly now: () => number = Date.now,
  ) {
    this.peers = this.read();
  }

  // ------------------------------------------------------------ the code

  /** Opens a new code (any code open before is closed): good for PAIRING_LIFETIME_MS, once. */
  start(code: string = newPairingCode()): { code: string; expiresAt: number } {
    this.open = { code, expiresAt: this.now() + PAIRING_LIFETIME_MS, wrongGuesses: 0 };
    this.closedWhy = null;
    return { code, expiresAt: this.open.expiresAt };
  }

  /** Until when the open code is good (ms since the epoch), or null when none is. */
  openUntil(): number | null {
    this.expire();
    return this.open?.expiresAt ?? null;
  }

  get lastClosed(): CodeClosed {
    this.expire();
    return this.closedWhy;
  }

  /**
   * Whether a token opens the group listener: the open code, or a paired
   * laptop's key. A wrong one while a code is open counts against the code.
   */
  opensListener(token: string): boolean {
    this.expire();
    if (this.open && sameSecret(token, this.open.code)) return true;
    const sha = sha256Hex(token);
    if (this.peers.some((peer) => sameSecret(sha, peer.ourKeySha256))) return true;
    this.wrongGuess();
    return false;
  }

  /** Uses the open code: right and in time, it is closed for good (single use); wrong, it counts as a guess. */
  claim(code: string): ClaimOutcome {
    this.expire();
    if (!this.open) return { ok: false, why: this.closedWhy === 'expired' ? 'expired' : 'none-open' };
    if (!sameSecret(code, this.open.code)) {
      this.wrongGuess();
      return { ok: false, why: 'wrong' };
    }
    this.open = null;
    this.closedWhy = null;
    return { ok: true };
  }

  private wrongGuess(): void {
    if (!this.open) return;
    this.open.wrongGuesses++;
    if (this.open.wrongGuesses >= MAX_WRONG_GUESSES) {
      this.open = null;
      this.closedWhy = 'too-many-guesses';
    }
  }

  private expire(): void {
    if (this.open && this.now() >= this.open.expiresAt) {
      this.open = null;
      this.closedWhy = 'expired';
    }
  }

  // ------------------------------------------------------------ the paired laptops

  list(): readonly KeptPeer[] {
    return this.peers;
  }

  find(laptopId: string): KeptPeer | undefined {
    return this.peers.find((peer) => peer.laptopId === laptopId);
  }

  /** The paired laptop a message comes from, when its key is the one given to it; null otherwise. */
  authenticate(laptopId: string, key: string): KeptPeer | null {
    const peer = this.find(laptopId);
    return peer && sameSecret(sha256Hex(key), peer.ourKeySha256) ? peer : null;
  }

  /**
   * Records a paired laptop (replacing one with the same id: paired again),
   * written to disk before it counts. `ourKey` is the key it will show here.
   */
  remember(peer: { laptopId: string; name: string; addresses: string[]; theirKey: string; ourKey: string }): void {
    const kept: KeptPeer = {
      laptopId: peer.laptopId,
      name: peer.name,
      addresses: peer.addresses,
      theirKey: peer.theirKey,
      ourKeySha256: sha256Hex(peer.ourKey),
      pairedAt: new Date(this.now()).toISOString(),
    };
    this.save([...this.peers.filter((held) => held.laptopId !== peer.laptopId), kept]);
    this.heard.delete(peer.laptopId);
  }

  /** Forgets a paired laptop: its key opens nothing here from now on. False when it was not paired. */
  forget(laptopId: string): boolean {
    if (!this.find(laptopId)) return false;
    this.save(this.peers.filter((peer) => peer.laptopId !== laptopId));
    this.heard.delete(laptopId);
    return true;
  }

  /** Where a paired laptop answered last, tried first next time. */
  reachedAt(laptopId: string, address: string): void {
    const peer = this.find(laptopId);
    if (!peer || peer.addresses[0] === address) return;
    this.save(
      this.peers.map((held) => (held === peer ? { ...held, addresses: [address, ...held.addresses.filter((a) => a !== address)] } : held)),
    );
  }

  /**
   * How the last sync with a paired laptop went. True when the console should
   * be told: the problem changed, or "last heard from" moved by a minute
   * (a sync every second must not push a view every second).
   */
  noteSync(laptopId: string, problem: PairedLaptopView['problem']): boolean {
    const before = this.heard.get(laptopId);
    const lastHeardAt = problem === null ? new Date(this.now()).toISOString() : (before?.lastHeardAt ?? null);
    const shown = before?.lastHeardAt ?? null;
    const stale = problem === null && (shown === null || this.now() - Date.parse(shown) >= HEARD_SHOWN_EVERY_MS);
    this.heard.set(laptopId, { lastHeardAt: stale ? lastHeardAt : (shown ?? lastHeardAt), problem });
    return before?.problem !== problem || stale;
  }

  view(): PairedLaptopView[] {
    return this.peers.map((peer) => ({
      laptopId: peer.laptopId,
      name: peer.name,
      address: peer.addresses[0] ?? '',
      lastHeardAt: this.heard.get(peer.laptopId)?.lastHeardAt ?? null,
      problem: this.heard.get(peer.laptopId)?.problem ?? null,
    }));
  }

  // ------------------------------------------------------------ the file

  private get file(): string {
    return path.join(this.dataRoot, PEERS_FILE);
  }

  /** The paired laptops kept; none when the file is missing. A file that is not one is set aside (renamed), never taken as half. */
  private read(): KeptPeer[] {
    const text = groupDisk.readText(this.file);
    if (text === undefined) return [];
    let parsed: z.ZodSafeParseResult<z.infer<typeof peersFileSchema>>;
    try {
      parsed = peersFileSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = peersFileSchema.safeParse(null);
    }
    if (parsed.success) return parsed.data.peers;
    // Written whole and atomically, it cannot be half; something else wrote it. Kept aside, the pairings are made again.
    groupDisk.renameAside(this.file, `.unreadable-${this.now()}`);
    return [];
  }

  /** Whole and durable before the pairing counts: killed in the middle, the old file or the new one is there, never half. */
  private save(peers: KeptPeer[]): void {
    writeFileDurably(this.file, `${JSON.stringify({ format: PEERS_FORMAT, version: 1, peers }, null, 2)}\n`, { mode: 0o600 });
    this.peers = peers;
  }
}
