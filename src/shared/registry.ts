/**
 * The one command registry (docs/design.md "Principles"): every command
 * the renderer, a kiosk TV, a phone or a paired laptop can send, listed once with who may send
 * it and whether it changes state. Channels, both preloads, the IPC and
 * WebSocket handlers and the session's dispatch are derived from this table;
 * the zod arguments live beside it in commands.ts, keyed by the same names
 * and checked for completeness by the compiler.
 *
 * Dependency-free on purpose: the sandboxed preloads bundle this file and
 * cannot load zod.
 */

/**
 * Who is on the other end: the host's console (every command but the
 * paired laptop's own messages), the TV's
 * table window or a kiosk browser, and a phone on the LAN (both read only),
 * and a paired laptop of the group (`peer`: its sync messages only, on the
 * group's own listener; docs/group-lan.md).
 */
export const ROLES = ['host', 'table', 'phone', 'peer'] as const;
export type Role = (typeof ROLES)[number];

export interface CommandPolicy {
  /** The roles allowed to send it; main refuses it from any other. */
  readonly roles: readonly Role[];
  /** True when an accepted command changes the night, the roster, the history or what the TV shows. */
  readonly changesState: boolean;
}

const HOST_ONLY = ['host'] as const satisfies readonly Role[];
const EVERYONE = ['host', 'table', 'phone'] as const satisfies readonly Role[];
const PAIRED_LAPTOP = ['peer'] as const satisfies readonly Role[];

const change = { roles: HOST_ONLY, changesState: true } as const;
/** A question only the host may ask: it hands out whole files (exports, backups). */
const hostQuestion = { roles: HOST_ONLY, changesState: false } as const;
/** A question any screen may ask: the history the TV and phones show. */
const openQuestion = { roles: EVERYONE, changesState: false } as const;
/** A paired laptop's question: its group files, nothing else (docs/group-lan.md). */
const peerQuestion = { roles: PAIRED_LAPTOP, changesState: false } as const;

export const COMMAND_REGISTRY = {
  startNight: change,
  drawForDealer: change,
  cut: change,
  deal: change,
  callAce: change,
  bet: change,
  buyIn: change,
  cashOut: change,
  undo: change,
  correctBet: change,
  voidTurn: change,
  endNight: change,
  pass: change,
  callPair: change,
  seatPlayer: change,
  movePlayer: change,
  sitOut: change,
  comeBack: change,
  reopenNight: change,
  closeNight: change,
  updatePlayer: change,
  listNights: openQuestion,
  getNight: openQuestion,
  getStandings: openQuestion,
  verifyNight: openQuestion,
  /** An ended night's export (no payment details) for a phone to recompute its cards in the page (R34); the phones that asked are counted on the TV. */
  getNightToCheck: openQuestion,
  exportNight: hostQuestion,
  backup: hostQuestion,
  restore: change,
  showOnTable: change,
  setSettleMode: change,
  updatePreferences: change,
  dismissNotice: change,
  getTab: openQuestion,
  markTransfersPaid: change,
  addExpense: change,
  editExpense: change,
  removeExpense: change,
  /** Let phones watch: a read-only LAN listener inside the app, with the viewer link only (docs/design.md). */
  setPhoneAccess: change,
  /** A new viewer link: phones holding the old one are disconnected. */
  newPhoneLink: change,
  exportTab: hostQuestion,
  /** One person under two names: the leaderboard, the running tab and the figures count `playerId` as `intoPlayerId`. */
  mergePlayers: change,
  /** Undoes a merge: the player is counted under their own name again. */
  unmergePlayer: change,
  /** The backups kept beside the data (the automatic ones and those made before a restore). */
  listBackups: hostQuestion,
  /** Restores one of the kept backups, as `restore` restores a file. */
  restoreBackup: change,
  /** Moves the data folder: copied, checked, then the app restarts on the copy (the desktop app only). */
  moveData: change,
  /** How a player or the bank likes to be paid, kept on this computer (docs/design.md "Paying from the table"). */
  setPayDetails: change,
  /** Everyone's payment details, for the console's roster editor only: the TV and phones see a payee's alone. */
  getPayDetails: hostQuestion,
  hidePayKinds: change,
  /** Starts a group (docs/group.md): this laptop's history shared with the group's other laptops from now on. */
  groupCreate: change,
  /** Leaves the group: the history taken in stays; nothing more is shared or taken in. */
  groupLeave: change,
  /** The group folder a sync tool shares: joins the group found there, or puts this group there; null stops using one. */
  groupSetFolder: change,
  /** The whole group in one file, to import on another laptop. */
  groupExport: hostQuestion,
  /** Merges a group file into this laptop's history (never replaces; twice changes nothing). */
  groupImport: change,
  /** Writes this laptop's files to the group folder and reads everyone's now, without waiting for the watch. */
  groupSyncNow: change,
  /** Shares a player's payment details with the group (docs/group.md), or stops: the host decides, player by player. */
  groupSharePay: change,
  /** Takes a new laptop id: another laptop uses this one's (a copied data folder); the host confirms (docs/group.md "One id, one laptop"). */
  groupNewLaptopId: change,
  /** Names this laptop for its group (docs/group.md "Names people know"): signed into the group documents, seen on every laptop. */
  renameLaptop: change,
  /** Hands this laptop over to a new key, signed by the old one (docs/group.md "Keys that change"). */
  rotateLaptopKey: change,
  /** Trusts another laptop's new key (its old one lost), revoking the old one for the whole group; the host confirms. */
  trustLaptopKey: change,
  /** Shows a pairing code (and its QR) for another laptop of the group to type; good for 5 minutes, once (docs/group-lan.md). */
  groupPairStart: change,
  /** Pairs with the laptop at `address` showing `code`: the two then sync the group both ways. */
  groupPairJoin: change,
  /** Forgets a paired laptop: its key opens nothing here any more. */
  groupUnpair: change,
  /** R35: this laptop goes on with a night it holds a live copy of, its holder gone (docs/group-lan.md). */
  takeOverNight: change,
  /** R35: this laptop hands its open night to a paired laptop holding its live copy (docs/group-lan.md). */
  handOverNight: change,
  /** A laptop typing the code shown here claims it (once): both get a key for the other's listener. */
  groupPeerClaim: { roles: PAIRED_LAPTOP, changesState: true },
  /** A paired laptop asks which group files this laptop holds. */
  groupPeerManifest: peerQuestion,
  /** A paired laptop fetches group files, a batch at a time. */
  groupPeerFiles: peerQuestion,
  /** R35: the holding laptop's open night, its lines as they become durable, for a live copy kept here (docs/group-lan.md). */
  groupPeerNightLines: { roles: PAIRED_LAPTOP, changesState: true },
  /** R35: how the holding laptop's phones get in, for a laptop holding its night's live copy to let them in after a takeover. */
  groupPeerPhones: { roles: PAIRED_LAPTOP, changesState: false },
} as const satisfies Record<string, CommandPolicy>;

export type CommandName = keyof typeof COMMAND_REGISTRY;

export const COMMAND_NAMES = Object.keys(COMMAND_REGISTRY) as readonly CommandName[];

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.hasOwn(COMMAND_REGISTRY, name);
}

/**
 * The commands a role may send, in registry order: what its bridge exposes
 * (a convenience for the screens; whether a command is let in is decided in
 * main, at the session's one door, src/main/session/door.ts).
 */
export function commandsFor(role: Role): readonly CommandName[] {
  return COMMAND_NAMES.filter((name) => (COMMAND_REGISTRY[name] as CommandPolicy).roles.includes(role));
}
