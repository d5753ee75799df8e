/**
 * A refused command. `code` is stable (the renderer translates it with
 * `params`); `rule` names the docs/rules.md rule that refuses it; `message` is the
 * English text for logs, the CLI and anyone without a translation.
 */
export interface CommandError {
  code: CommandErrorCode;
  rule?: RuleId;
  message: string;
  params?: Record<string, string | number>;
}

export type RuleId = `R${number}`;

/** @internal exported for tests only */
export const COMMAND_ERROR_CODES = [
  'invalid-input', // failed the schema: not a whole number, unknown field...
  'stale-state', // the command was made for an older state (someone else acted first)
  'wrong-phase', // not now: e.g. a bet before the cards are turned
  'no-night', // there is no open night
  'night-open', // a night is already open
  'night-closed', // the night has ended; it is read-only
  'unknown-player',
  'unknown-night', // no night with that id in the history
  'data-exists', // a restore would replace existing data: resend with replace after the host confirms
  'bet-too-small',
  'bet-above-pot',
  'bet-above-stack',
  'bet-above-limit', // R27: above maxBet, or above half the pot in a half-pot first round
  'bad-pair-call', // R29: a pair of aces called higher, or of 2s lower
  'rule-off', // a house rule that is off tonight (e.g. passing, R26)
  'already-sitting-out', // R32
  'not-sitting-out', // R32
  'not-latest-night', // R33: a later night has started
  'bad-cut',
  'not-enough-players',
  'starting-chips-too-few', // starting chips not above the ante: nobody would have chips after it (R4)
  'already-left', // the player has already cashed out
  'duplicate-player',
  'nothing-to-undo',
  'cannot-undo-cards',
  'player-busy',
  'seating-undo-too-late', // R21: a seating change (R31, R32) is undone only before anything else is recorded
  'conservation', // R24 would break: refused, nothing written
  'storage', // the disk refused the write: nothing was acknowledged
  'forbidden-role', // the sender's role may not send this command (the TV or a phone asked for a change)
  'unknown-expense', // M4: no expense with that id on the night
  'too-many-expenses', // M4: the night already keeps EXPENSES_PER_NIGHT_MAX expenses
  'phones-unavailable', // this dealer runs without the LAN listener for phones (a bare session)
  'bad-iban', // an IBAN mistyped (its checksum), badly formed, or outside SEPA: nothing saved
  'bad-bic', // a BIC badly formed, or missing where the account's country needs one
  'too-many-questions', // a phone asked faster than its question rate: ask again in {seconds} s
  'payments-marked', // M3: a night with transfers marked paid cannot be settled another way until they are unmarked
  'same-player', // a player merged into themselves, or into someone already counted as them
  'already-merged', // the player is already counted as another: unmerge first
  'not-merged', // unmerging a player who is counted under their own name
  'player-seated', // the player sits at the open night: merge them once it has ended
  'unknown-backup', // no kept backup with that id (rotated away?)
  'data-folder-fixed', // the data folder is chosen on the command line (--data, --data-dir): it is moved there
  'not-this-night', // R34: a phone helps deal, or reveals, for a night that is not the one open
  'not-a-witness', // R34: reveals from a phone that is not helping deal on this connection
  'bad-reveal', // R34: a value that does not hash to the witness's head: refused, the phone left out of that draw
  'reveal-late', // R34: reveals after the wait, or for a request not open: that draw went on without them
  'not-in-group', // a group command on a laptop in no group: create or join one first
  'already-in-group', // creating a group on a laptop already in one: leave it first
  'other-group', // the folder or file holds another group than this laptop's
  'bad-group-file', // the folder's group.json or the group file cannot be read as one: nothing changed
  'night-elsewhere', // R33: the night was hosted on another laptop of the group, and only it can reopen it
  'pairing-refused', // a pairing code that is wrong, used or out of date, or no code open: start pairing again on the other laptop
  'pairing-needs-group', // a code is shown only by a laptop in a group: create the group first, the other laptop joins it
  'pairing-other-group', // the two laptops are in different groups: one leaves its group first
  'peer-unreachable', // the laptop to pair with did not answer at {address}: same network? the app open there?
  'not-paired', // a laptop this one is not paired with (or no longer): its key opens nothing
  'group-lan-unavailable', // this dealer runs without the group's LAN listener (a bare session)
  'night-moved', // R35: the night was taken over by another laptop after a line: the laptop that held it stops writing it
  'holder-reachable', // R35: a takeover refused while the laptop holding the night still answers (ask it to hand the night over)
  'copy-not-ready', // R35: a copy that lacks the night's last lines: a hand-over to it, or a takeover from one behind an epoch it heard of
  'live-copy-refused', // R35: lines of an open night that a live copy does not take (chain, signature, key, replay), naming the laptop
  'no-pay-details', // sharing a player's payment details with the group when none are typed: type them first
  'laptop-id-shared', // pairing with a laptop that has this laptop's id (a copied data folder): one of the two takes a new id first
  'laptop-id-not-shared', // a new laptop id asked for while no other laptop was found using this one's
  'laptop-name-taken', // another laptop of the group is already called {name}: a name that tells them apart
  'no-key-change', // a new key trusted for a laptop whose files came signed with no other key than the one held
] as const;
export type CommandErrorCode = (typeof COMMAND_ERROR_CODES)[number];

export function commandError(
  code: CommandErrorCode,
  message: string,
  rule?: RuleId,
  params?: Record<string, string | number>,
): CommandError {
  return { code, message, ...(rule ? { rule } : {}), ...(params ? { params } : {}) };
}

const ROLE_NAMES = { host: 'the host console', table: 'a table screen', phone: 'a phone', peer: 'a paired laptop' } as const;

/**
 * The refusal of a command the sender's role may not send (the registry's
 * roles): the same words whether it came over IPC from a window or over the
 * headless host's WebSocket. Nothing ran.
 */
export function forbiddenRoleError(role: keyof typeof ROLE_NAMES, command: string): CommandError {
  return commandError(
    'forbidden-role',
    `${ROLE_NAMES[role]} (role "${role}") may only watch: ${command} is for the host console. Nothing changed.`,
    undefined,
    { role, command },
  );
}
