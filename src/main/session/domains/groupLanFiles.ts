import type { ApiResult, PeerManifestAnswer } from '../../../shared';
import { laptopIdentity, type LaptopFiles } from '../../group';
import { joinPairedGroup, takeInFromPeer } from './groupDomain';
import type { LaptopSigner } from '../../night';
import type { SessionState } from '../sessionState';
import type { Outcome } from '../outcome';
import { handedOverTo, nightEpoch } from '../../night';
import { handOverNight, takeOverNight, type HandedOver, type TakenOver } from './nightMove';
import { copyCutBack, nightMovedAway } from './nightAway';
import type { CutLinesAside } from '../../store/liveCopyCutBack';
import { recordMoveInGroup } from './groupCore';

/**
 * The group's files on this laptop, as laptop-to-laptop sync needs them
 * (docs/group-lan.md): the core's mirror (docs/group.md) read, and fed
 * through its one way in. The LAN moves files; whether one counts is
 * decided by the core alone (the manifest checked, each night re-judged by
 * the night checker, anything wrong set aside naming its laptop).
 */
export interface GroupFilesPort {
  /** Who this laptop is, and the group it is in (null: none). */
  identity(): { laptopId: string; laptopName: string; group: { id: string; name: string } | null };
  /** A laptop's name as the group knows it now (renamed since the pairing, maybe); null when the group does not know it. */
  knownName(laptopId: string): string | null;
  /** Joins `group` (this laptop being in none): pairing with a laptop of a group makes this one a member. */
  join(group: { id: string; name: string }): Promise<ApiResult<unknown>>;
  /** Every laptop whose files this one holds, with the files its manifest lists, `manifest.json` itself included. */
  held(): PeerManifestAnswer;
  read(laptopId: string, path: string): Uint8Array | undefined;
  /** Hands a laptop's files (its manifest and the files that changed) to the core, which checks and merges them. */
  receive(laptopId: string, files: LaptopFiles): Promise<void>;
  /** A laptop on the LAN, `laptop` by its name, says hello with this laptop's id: the host is told and may take a new id. */
  idShared(laptop: string): Promise<void>;
  /**
   * R35, the live copy (docs/group-lan.md "A live copy of the open night"): the night open on this laptop and its
   * journal's path (read, never written, by the part), and the laptop it was handed to (R35), or null. Read out of
   * turn: a journal only grows by whole lines.
   */
  openNight(): { nightId: string; journal: string; handedTo: string | null; epoch: number } | null;
  /** This laptop's signer in its group (undefined outside one). */
  signer(): LaptopSigner | undefined;
  /** The key the group holds for a laptop (group.json, pinned at first sight), or undefined when it knows none. */
  keyOf(laptopId: string): string | undefined;
  /** The laptop that hosted a night held in the group's history, and whether its copy there is signed; null when not held. */
  sharedNight(nightId: string): { laptopId: string; signed: boolean } | null;
  /** R35 *Handed over*: the night open here is handed to laptop `to` (domains/nightMove.ts), in turn. */
  handOverNight(to: string): Promise<Outcome<HandedOver>>;
  /** R35 *Taken over*: this laptop goes on with laptop `from`'s night from the copy it holds (domains/nightMove.ts), in turn. */
  takeOverNight(copyText: string, from: string): Promise<Outcome<TakenOver>>;
  /**
   * R35: the line after which the night open here was last taken over from laptop `from`, and the night's epoch
   * here now; null when it never was.
   */
  takenOverFrom(nightId: string, from: string): { line: number; epoch: number } | null;
  /** R35: the highest epoch night `nightId` reached here before it moved away (store/repository.ts `movedAwayEpoch`), or null. */
  movedAwayEpoch(nightId: string): number | null;
  /** R35: the night open here was taken over by laptop `by` after line `line`: it stops here, in turn; false when not open here. */
  nightMovedAway(nightId: string, by: string, line: number): Promise<boolean>;
  /** R35: this laptop's copy of a paired laptop's night (`copy`) cut back to a takeover point: the host is told, in turn. */
  copyCutBack(aside: CutLinesAside & { copy: string }): Promise<void>;
}

/** How the session lets the LAN in: one writer, so every change waits its turn with the commands; `changed` pushes the view. */
export interface SessionTurns {
  inTurn<T>(work: () => T): Promise<T>;
  changed(): void;
}

export function groupLanFiles(state: SessionState, turns: SessionTurns): GroupFilesPort {
  const thisLaptop = () => state.group.history?.file.laptopId ?? laptopIdentity(state.repo.root).laptopId;
  return {
    identity() {
      const group = state.group.history;
      if (group) {
        const file = group.file;
        return { laptopId: file.laptopId, laptopName: file.laptopName, group: { id: file.groupId, name: file.name } };
      }
      // Outside a group, the id this laptop will have in one (kept in group/laptop.json), so a pairing names it already.
      const me = laptopIdentity(state.repo.root);
      return { laptopId: me.laptopId, laptopName: me.laptopName, group: null };
    },
    knownName(laptopId) {
      const name = state.group.history?.laptopName(laptopId);
      return name === undefined || name === laptopId ? null : name;
    },
    join(group) {
      return turns.inTurn(() => {
        const outcome = joinPairedGroup(state, { groupId: group.id, name: group.name });
        if (!outcome.ok) return outcome;
        turns.changed();
        return { ok: true, view: null as never };
      });
    },
    held() {
      const group = state.group.history;
      if (!group) return {};
      const out: PeerManifestAnswer = {};
      for (const laptopId of group.laptops()) {
        const entries = group.heldListing(laptopId);
        if (entries.length > 0) out[laptopId] = entries;
      }
      return out;
    },
    read(laptopId, path) {
      return state.group.history?.readHeld(laptopId, path);
    },
    receive(laptopId, files) {
      return turns.inTurn(() => {
        if (takeInFromPeer(state, laptopId, files)) turns.changed();
      });
    },
    idShared(laptop) {
      return turns.inTurn(() => {
        if (state.group.history && state.group.noteIdClash({ via: 'lan', laptop, theirs: null })) turns.changed();
      });
    },
    openNight() {
      const night = state.night;
      if (!night) return null;
      const nightId = night.state.nightId;
      return { nightId, journal: state.repo.journals.pathOf(nightId), handedTo: handedOverTo(night), epoch: nightEpoch(night) };
    },
    signer() {
      return state.group.history?.signer;
    },
    keyOf(laptopId) {
      return state.group.history?.knownLaptops().get(laptopId)?.publicKey;
    },
    sharedNight(nightId) {
      const group = state.group.history;
      const laptopId = group?.writerOf(nightId);
      const host = group?.hostOf(nightId);
      return laptopId && host ? { laptopId, signed: host.signed } : null;
    },
    handOverNight(to) {
      return turns.inTurn(() => {
        const outcome = handOverNight(state, to, thisLaptop());
        if (outcome.ok) turns.changed();
        return outcome;
      });
    },
    takeOverNight(copyText, from) {
      return turns.inTurn(() => {
        const outcome = takeOverNight(state, copyText, from, thisLaptop());
        if (!outcome.ok) return outcome;
        const night = state.night;
        if (night) recordMoveInGroup(state, { nightId: outcome.data.nightId, epoch: nightEpoch(night), from, line: outcome.data.line });
        turns.changed();
        return outcome;
      });
    },
    movedAwayEpoch(nightId) {
      return state.repo.movedAwayEpoch(nightId);
    },
    takenOverFrom(nightId, from) {
      const night = state.night;
      if (night?.state.nightId !== nightId) return null;
      // The last takeover from that laptop: a night that went there and back was taken from it more than once.
      const move = night.entries.findLast((entry) => entry.command.type === 'take-over' && entry.command.from === from);
      return move?.command.type === 'take-over' ? { line: move.command.line, epoch: nightEpoch(night) } : null;
    },
    nightMovedAway(nightId, by, line) {
      return turns.inTurn(() => {
        const name = state.group.history?.laptopName(by) ?? by;
        const stopped = nightMovedAway(state, nightId, name, line);
        if (stopped) turns.changed();
        return stopped;
      });
    },
    copyCutBack(aside) {
      return turns.inTurn(() => {
        copyCutBack(state, aside);
        turns.changed();
      });
    },
  };
}
