import { hasPayDetails, type PayDetails, type SettleMode } from '../../../shared';
import type { SharedHistory } from '../../group';
import type { PlayerMerge } from '../../history';
import type { StoredRosterPlayer } from '../../store';
import { saveQuietly } from '../outcome';
import type { SessionState } from '../sessionState';

/**
 * The session's side of the group documents (docs/group.md "What merges"):
 * what this laptop records in them (its roster, merges, paid marks and
 * settle modes), and the merged documents projected back into the session.
 * The projection changes the session's state only through `LocalHistory`'s
 * three methods, each writing its file before the state holds it.
 */

/** What the projection may change in the session: the roster, the merges, the tab's marks; nothing else. */
interface LocalHistory {
  readonly roster: readonly StoredRosterPlayer[];
  readonly merges: readonly PlayerMerge[];
  readonly paid: ReadonlySet<string>;
  readonly modes: Readonly<Record<string, SettleMode>>;
  replaceRoster(roster: StoredRosterPlayer[]): void;
  replaceMerges(merges: PlayerMerge[]): void;
  replaceTab(paid: ReadonlySet<string>, modes: Record<string, SettleMode>): void;
}

function localHistory(state: SessionState): LocalHistory {
  return {
    roster: state.roster,
    merges: state.merges,
    paid: state.paidTransfers,
    modes: state.settleModes,
    replaceRoster(roster) {
      saveQuietly(() => state.repo.saveRoster(roster));
      state.roster = roster;
    },
    replaceMerges(merges) {
      saveQuietly(() => state.repo.saveMerges(merges));
      state.merges = merges;
    },
    replaceTab(paid, modes) {
      saveQuietly(() => state.saveTab({ paid, modes }));
      state.paidTransfers = paid;
      state.settleModes = modes;
    },
  };
}

/** The session's roster, merges and tab as the group documents record them. */
export function localShared(state: SessionState): SharedHistory {
  const details: Record<string, PayDetails> = {};
  for (const player of state.roster) if (player.pay && hasPayDetails(player.pay)) details[player.id] = player.pay;
  return { roster: state.roster, merges: state.merges, paid: [...state.paidTransfers], modes: { ...state.settleModes }, details };
}

/**
 * The merged group documents projected into the session and its files: the
 * roster (each player's payment details stay this laptop's own unless a host shared them), the merges,
 * the paid marks and the settle modes; then this laptop's copy of the
 * documents written again, so it is what the session now holds.
 */
export function project(state: SessionState): void {
  const group = state.group.history;
  if (!group) return;
  const shared = group.shared();
  const local = localHistory(state);
  const mine = new Map(local.roster.map((p) => [p.id, p]));
  const merged = new Map(shared.roster.map((p) => [p.id, p]));
  // A player whose details are shared has the group's (the same on every laptop); any other keeps this laptop's own.
  const withDetails = (p: StoredRosterPlayer): StoredRosterPlayer => (shared.details[p.id] ? { ...p, pay: shared.details[p.id] } : p);
  const roster: StoredRosterPlayer[] = [
    ...local.roster.map((p) => withDetails({ ...p, ...merged.get(p.id) })),
    ...shared.roster.filter((p) => !mine.has(p.id)).map(withDetails),
  ];
  const paid = new Set(shared.paid);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(roster, local.roster)) local.replaceRoster(roster);
  if (!same(shared.merges, local.merges)) local.replaceMerges(shared.merges);
  if (!same([...paid].sort(), [...local.paid].sort()) || !same(shared.modes, sortedRecord(local.modes)))
    local.replaceTab(paid, shared.modes);
  saveQuietly(() => group.publishShared(localShared(state)));
}

function sortedRecord<V>(record: Readonly<Record<string, V>>): Record<string, V> {
  return Object.fromEntries(
    Object.entries(record)
      .filter(([, v]) => v !== 'fewest')
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}
