import { z } from 'zod';

/**
 * Laptop to laptop at the table (docs/group-lan.md): two laptops of a group
 * pair once with a code shown on one and typed on the other, then sync
 * their group files both ways while both are on. These are the words both
 * sides and the console share: the code's shape, what the console sees,
 * and the arguments of the paired laptops' own messages.
 */

/** The letters a pairing code is made of: lower case and digits without look-alikes (no l, o, 0, 1). */
export const PAIRING_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** 16 characters of 32: 80 bits (at least 64, so a code cannot be guessed while it is good), typed in four groups of four. */
export const PAIRING_CODE_LENGTH = 16;
/** A code is good for this long after it is shown, and once. */
export const PAIRING_LIFETIME_MS = 5 * 60_000;

/**
 * A code as the host typed it ("ABCD efgh-ijkm npqr"): spaces and dashes
 * dropped, lower case. Null when what is left is not a code at all.
 */
export function normalisePairingCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toLowerCase();
  if (code.length !== PAIRING_CODE_LENGTH) return null;
  for (const letter of code) if (!PAIRING_ALPHABET.includes(letter)) return null;
  return code;
}

/** A code as shown: four groups of four, easy to read aloud and type. */
export function shownPairingCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

/** What the QR code holds: the address to reach and the code, for a phone camera or a scanner to fill both boxes. */
export function pairingOffer(address: string, code: string): string {
  return `in-between-pair://${address}/${shownPairingCode(code)}`;
}

/** `host:port`, the way the host types another laptop's address (IPv4 or a name; a port is needed). */
const peerAddressSchema = z
  .string({ error: 'the address is text, like 192.168.1.20:47900' })
  .trim()
  .max(255, 'an address is at most 255 characters')
  .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, "an address is the other laptop's address and port, like 192.168.1.20:47900");

const laptopId = z
  .string({ error: 'a laptop id is text' })
  .regex(/^[A-Za-z0-9_-]{4,64}$/, 'a laptop id is 4 to 64 letters, digits, - or _');
const key = z.string({ error: 'a pairing key is text' }).regex(/^[A-Za-z0-9_-]{16,128}$/, 'a pairing key is 16 to 128 letters and digits');
const laptopName = z.string({ error: 'a laptop name is text' }).trim().min(1).max(64);

const groupRef = z.strictObject({ id: z.string().max(64), name: z.string().max(64) });

export const groupPairJoinArgs = z.strictObject({
  address: peerAddressSchema,
  code: z.string({ error: 'the code is text' }).max(64, 'a pairing code is 16 letters and digits'),
});
export const groupUnpairArgs = z.strictObject({ laptopId });

/** The laptop that types the code, to the laptop that shows it: who it is, where it listens, and the key it gives back. */
export const groupPeerClaimArgs = z.strictObject({
  code: z.string().max(64),
  laptop: z.strictObject({ id: laptopId, name: laptopName }),
  /** Where the laptop typing the code can be reached for syncing the other way. */
  addresses: z.array(peerAddressSchema).max(8),
  /** The key the laptop showing the code will use on the other's listener. */
  key,
  /** The group the laptop typing the code is in, or null (it then joins the other's). */
  group: groupRef.nullable(),
});
/** Every message of a paired laptop says who it is and shows the key it was given. */
export const peerCredentialArgs = z.strictObject({ laptop: laptopId, key });
/** A relative path inside one laptop's subfolder of the group: `manifest.json`, `docs.yjs`, `nights/<id>.jsonl`. */
const groupFilePath = z
  .string()
  .max(200)
  .regex(/^(?:[A-Za-z0-9_.-]+\/)?[A-Za-z0-9_-][A-Za-z0-9_.-]*$/, "a group file is a name in one laptop's folder")
  .refine((path) => !path.split('/').some((part) => part === '..' || part === '.'), 'a group file never leaves its folder');
/** Files asked for at once: the answer stays under PEER_FILES_MAX_BYTES, what did not fit is asked again. */
export const PEER_FILES_PER_ASK = 64;
export const PEER_FILES_MAX_BYTES = 16 * 1024 * 1024;
export const groupPeerFilesArgs = z.strictObject({
  laptop: laptopId,
  key,
  of: laptopId,
  paths: z.array(groupFilePath).min(1).max(PEER_FILES_PER_ASK, `at most ${PEER_FILES_PER_ASK} files at once`),
});

/** R35 *Taken over*: the night this laptop holds a live copy of, to go on with here (its holder is gone). */
export const takeOverNightArgs = z.strictObject({
  nightId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'a night id is 1 to 64 letters, digits, - or _'),
});

/** R35 *Handed over*: the night open here, handed to a paired laptop holding its live copy (`laptopId`). */
export const handOverNightArgs = z.strictObject({
  nightId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'a night id is 1 to 64 letters, digits, - or _'),
  laptopId: z.string().regex(/^l-[0-9a-f]{16}$/, 'a laptop id is l- and 16 hex digits'),
});

/**
 * What a hand-over answers the console: the night, its last line here (the hand-over), the laptop it went to by name,
 * and whether that laptop said it holds the line (if not yet, it is sent again until it does).
 */
export interface HandOverAnswer {
  nightId: string;
  line: number;
  to: string;
  delivered: boolean;
}

/** What a takeover answers the console: the night, the line of the copy it went on from, and the turn voided (R21), if any. */
export interface TakeOverAnswer {
  nightId: string;
  line: number;
  voidedTurn: number | null;
}

/** Lines of the open night sent at once to a laptop holding its live copy (R35), and their bytes at most. */
export const LIVE_LINES_PER_BATCH = 256;
export const LIVE_BATCH_MAX_BYTES = 1024 * 1024;
const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'a hash or key is 64 lowercase hex digits');
const nightIdText = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'a night id is 1 to 64 letters, digits, - or _');
/**
 * R35, a live copy of the open night (docs/group-lan.md "A live copy of the open night"): the holding laptop sends its
 * night's journal lines as they become durable, `from` being the index of the first (1 = the start line), each the
 * exact text on its disk; `header` (the journal's first line) with the start line; `signed` its signature of the
 * batch's last line (the whole chain up to it); `writers` (R35) the signatures its journal holds of the laptops that
 * wrote the night before it, of the lines the batch ends or follows. A batch of no lines asks only how many lines the
 * copy holds.
 */
const linesSignature = z.strictObject({
  laptop: z.string().regex(/^l-[0-9a-f]{16}$/),
  key: hex64,
  lines: z.number().int().positive(),
  head: hex64,
  sig: z.string().regex(/^[0-9a-f]{128}$/),
});

/**
 * R35: a take-over line of the sender's night, as its line says it: the laptop taken from, the line it goes on from
 * and that line's chain hash. A copy held from that laptop beyond that line cuts back to it (after checking the hash
 * is its own line's) and follows the sender from the line after it (docs/group-lan.md "A copy ahead of a takeover").
 */
const takeOverPoint = z.strictObject({
  from: laptopId,
  line: z.number().int().positive(),
  hash: hex64,
});

export const groupPeerNightLinesArgs = z
  .strictObject({
    laptop: laptopId,
    key,
    nightId: nightIdText,
    from: z.number().int().positive(),
    /** R35: the sender's epoch for the night now (a copy behind it lacks its takeover line, and takes nothing over). */
    epoch: z.number().int().positive().max(1_000_000).optional(),
    header: z.string().max(512).optional(),
    lines: z
      .array(
        z
          .string()
          .min(2)
          .max(256 * 1024),
      )
      .max(LIVE_LINES_PER_BATCH, `at most ${LIVE_LINES_PER_BATCH} lines at once`),
    signed: linesSignature.optional(),
    /** R35: the signatures of the laptops that wrote earlier epochs, each of its lines, where this batch ends or follows them. */
    writers: z.array(linesSignature).max(LIVE_LINES_PER_BATCH).optional(),
    /** R35: every take-over line of the sender's night (one per move: a few), so a copy ahead of one cuts back to it. */
    takeOvers: z.array(takeOverPoint).max(1024).optional(),
  })
  .refine(
    (batch) => batch.lines.length === 0 || batch.signed !== undefined,
    'a batch of lines is signed by the laptop that sends it, or relayed as the laptop that wrote them signed them',
  );

/** The port a page's listener may listen on (1-65535). */
const listenPort = z.number().int().min(1).max(65_535);
/** How a page of the holding laptop gets in (R35): the viewer token its link holds, the port and the LAN addresses it names. */
const pageWay = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'a viewer token is 8 to 128 letters and digits'),
  port: listenPort,
  addresses: z.array(z.string().max(64)).max(16),
});
/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"): the holding laptop tells each laptop
 * holding a live copy of its open night how its pages get in: its phones (the viewer token of its phones' listener,
 * the port and the LAN addresses the pages were given), or `phones: null` once they may not (W off, a new link: the
 * old token is dropped there too); and its TV (`tv`: the table link of the headless host, `npm run serve`), each way
 * apart, so a laptop letting them in never lets a phone in with the TV's token or the TV with a phone's. Absent `tv`
 * (a laptop of an older version, or one with no TV link) is `null`. Only for a laptop holding the night's copy; the
 * pages never see it.
 */
export const groupPeerPhonesArgs = z.strictObject({
  laptop: laptopId,
  key,
  nightId: nightIdText,
  phones: pageWay.nullable(),
  tv: pageWay.nullable().optional(),
});

/**
 * What a paired laptop answers, parsed before it is used (another laptop is
 * not this one's code: an older version, or a forgery, may answer anything).
 */
export const peerAnswerSchemas = {
  /** What the laptop showing a code answers the one that typed it: who it is, the key for its listener, its group (the other joins it) or null. */
  groupPeerClaim: z.object({ laptop: z.object({ id: laptopId, name: laptopName }), key, group: groupRef.nullable() }),
  /** Every laptop's files a laptop holds, as its manifest says: the laptop's id, then its files (what the other compares with what it holds). */
  groupPeerManifest: z.record(
    laptopId,
    z.array(z.object({ path: groupFilePath, bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
  ),
  /** The files asked for that fit, each in base64 (a Yjs document is binary); one that did not fit is asked again. */
  groupPeerFiles: z.object({ files: z.record(groupFilePath, z.string().max(PEER_FILES_MAX_BYTES * 2)) }),
  /** How many lines of the night the live copy holds now (the holder sends from the next one). */
  /** R35: the lines the copy holds, and the laptop whose signature of them it holds (a copy far behind a takeover gets that laptop's lines as it signed them). */
  groupPeerNightLines: z.object({ held: z.number().int().nonnegative(), holder: laptopId.optional() }),
  /** Whether the copy took the pages' ways in (false: it holds no copy of that night of that laptop). */
  groupPeerPhones: z.object({ kept: z.boolean() }),
} as const;
export type PeerClaimAnswer = z.infer<(typeof peerAnswerSchemas)['groupPeerClaim']>;
export type PeerManifestAnswer = z.infer<(typeof peerAnswerSchemas)['groupPeerManifest']>;
export type GroupFileEntry = PeerManifestAnswer[string][number];
export type PeerFilesAnswer = z.infer<(typeof peerAnswerSchemas)['groupPeerFiles']>;
export type PeerNightLinesAnswer = z.infer<(typeof peerAnswerSchemas)['groupPeerNightLines']>;
export type PeerPhonesAnswer = z.infer<(typeof peerAnswerSchemas)['groupPeerPhones']>;

/** A paired laptop as the console shows it. */
export interface PairedLaptopView {
  laptopId: string;
  name: string;
  /** Where it was last reached, `host:port`. */
  address: string;
  /** When a sync with it last worked (ISO), or null. */
  lastHeardAt: string | null;
  /** Why the last sync did not work: `unreachable` (off, or another network), `refused` (it unpaired this laptop). */
  problem: 'unreachable' | 'refused' | null;
}

/**
 * Laptop to laptop, as the console shows it: whether a code is open and
 * until when (the code itself is only in the answer to groupPairStart, never
 * in the view: the view also goes to the TV and phones' screens before
 * they drop it), where this laptop listens, and its paired laptops.
 */
export interface GroupLanView {
  /** The addresses other laptops type (`host:port`), best first; empty while no listener is up. */
  addresses: string[];
  pairingUntil: string | null;
  paired: PairedLaptopView[];
  /** R35: the paired laptops holding a live copy of this laptop's open night, and how many lines each lacks. */
  liveCopies: LiveCopyView[];
  /** R35: the nights of other laptops this laptop holds a live copy of. */
  holding: HeldCopyView[];
  /** R35 *Handed over*: the laptop this laptop's open night was handed to, waiting for it to go on there; null when none. */
  handedOver: { laptopId: string; name: string } | null;
}

/** A paired laptop holding this laptop's open night live (R35). */
export interface LiveCopyView {
  laptopId: string;
  name: string;
  /** How many of this night's durable lines it does not hold yet (0: it holds every line written). */
  behind: number;
  /** Why its last batch was not taken (refused, in its words, or unreachable); null when it was. */
  problem: string | null;
}

/** A night of another laptop held live here (R35). */
export interface HeldCopyView {
  nightId: string;
  /** The laptop holding the night, by the name the group knows it by. */
  laptopId: string;
  name: string;
  lines: number;
  /** The night ended there (its signed record then arrives the usual way). */
  ended: boolean;
  /** R35 *Handed over*: its holder handed the night to this laptop, which opens it here with a takeover. */
  handedHere: boolean;
  /**
   * R35, what follows a takeover: which of its holder's pages would find the night here were it taken over (its TV
   * link's, its phones'), as the holder last told this laptop their ways in (never the ways); absent when none.
   */
  follow?: { tv: boolean; phones: boolean };
}

/** What groupPairStart answers (`data`), to the console that asked only. */
export interface PairingStart {
  code: string;
  shown: string;
  /** The addresses to type on the other laptop, best first. */
  addresses: string[];
  /** What the QR code holds (pairingOffer of the first address). */
  offer: string;
  expiresAt: string;
}
