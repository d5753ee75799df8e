import { handedOverTo, nightEpoch } from '../../night';
import type { CutLinesAside } from '../../store/liveCopyCutBack';
import type { SessionState } from '../sessionState';

/**
 * A night open here that went on on another laptop (docs/rules.md R35 *A
 * laptop that comes back*), learnt from a paired laptop's answer
 * (host/liveCopyPush.ts) or from the group documents, which carry every
 * takeover through the group folder as well as the LAN.
 */

/**
 * R35 *A laptop that comes back*: the night open here was taken over by laptop `by` after line `line`. It stops here
 * before another command is taken for it: its journal is set aside whole (the lines written here after `line` are not
 * part of the night; the host may enter them again by hand on the laptop that holds it), the night leaves this
 * laptop's list (it comes back with the group's history from the laptop that ends it), and the host is told where
 * it went. False when no such night is open here.
 */
export function nightMovedAway(state: SessionState, nightId: string, by: string, line: number): boolean {
  const night = state.night;
  if (!night || night.state.nightId !== nightId || night.state.phase.kind === 'ended') return false;
  const after = Math.max(0, night.entries.length - line);
  const handed = handedOverTo(night) !== null && after === 0;
  state.repo.journals.close(nightId);
  state.repo.setNightAside(
    nightId,
    handed
      ? `night ${nightId} was handed over to ${by} after its line ${line} (R35): it goes on there, and this file keeps it as it was here.`
      : `night ${nightId} was taken over by ${by} after its line ${line} (R35): it goes on there. ` +
          (after === 0
            ? 'Nothing was written here after that line.'
            : `The ${after} command${after === 1 ? '' : 's'} written here after that line are not part of the night: they are kept in this file, to be entered again by hand on ${by} if they happened.`),
    // The same facts for the console to word in the host's language.
    { night: nightId, by, line, after, handed },
  );
  state.night = null;
  state.index = state.index.filter((s) => s.id !== nightId);
  state.saveIndexNow(state.index);
  return true;
}

/**
 * R35: the night open here, stopped if the group documents hold a move of it to another laptop at an epoch later than
 * the one it is written at here (a laptop back on after its night was taken over, which no paired laptop answers). True
 * when it stopped. Called once the documents are read at start-up and whenever another laptop's copy of them arrives.
 */
export function followMoveInGroup(state: SessionState): boolean {
  const night = state.openNight;
  const group = state.group.history;
  if (!night || !group) return false;
  const nightId = night.state.nightId;
  const moves = group.movesOf(nightId);
  const last = moves.at(-1);
  const epoch = nightEpoch(night);
  if (!last || last.by === group.laptopId || last.epoch <= epoch) return false;
  // Where this laptop's lines stopped being the night: the first move past its epoch, the one taken from this laptop
  // when the documents hold it. A later move's line counts another laptop's lines: after two moves it would tell the
  // host that nothing written here is left out when commands are.
  const superseding = moves.filter((move) => move.epoch > epoch);
  const point = superseding.find((move) => move.from === group.laptopId) ?? superseding[0] ?? last;
  return nightMovedAway(state, nightId, group.laptopName(last.by), point.line);
}

/**
 * R35 *A laptop that comes back*, for a copy: this laptop's copy of a paired laptop's night (`copy`, its file) cut back
 * to a takeover point, the lines after it set aside (store/liveCopyCutBack.ts). The host is told whose lines they are,
 * how many, from which line, who took the night over and where they are kept: they are not part of the night, and
 * nothing merges them (the host may enter them again by hand on the laptop that holds the night, if they happened).
 */
export function copyCutBack(state: SessionState, aside: CutLinesAside & { copy: string }): void {
  const name = (laptopId: string) => state.group.history?.laptopName(laptopId) ?? laptopId;
  const [from, by] = [name(aside.from), name(aside.by)];
  const { nightId: night, line, lines: after, file } = aside;
  state.repo.report(
    'set-aside',
    aside.copy,
    `this laptop's copy of night ${night} held ${after} line${after === 1 ? '' : 's'} that ${from} wrote after ${by} took the night over from it at line ${line} (R35). ` +
      `They are not part of the night: the copy follows ${by} from that line, and they are kept aside in ${file}, never merged.`,
    file,
    // The same facts for the console to word in the host's language.
    { copyCutBack: { night, from, by, line, after } },
  );
}
