import { commandError } from '../../../shared';
import { newLaptopId, type NewIdMove } from '../../group';
import { refused, saveOrRefuse, saveQuietly, type HandlerMap, type Outcome } from '../outcome';
import type { SessionState } from '../sessionState';
import { notInGroup, shareToFolder, syncGroup } from './groupCore';
import { localShared } from './groupProjection';

/**
 * One id, one laptop (docs/group.md): when another laptop was found using
 * this laptop's id (its manifest of this id in the group folder, or a LAN
 * hello with it: `state.group.idClash`), the host confirms and this laptop
 * takes a new id. What both laptops shared before the split stays the first
 * id's; what this laptop made since reaches the group under the new one.
 */

export type LaptopIdCommand = 'groupNewLaptopId' | 'rotateLaptopKey' | 'trustLaptopKey';

export function laptopIdHandlers(state: SessionState): HandlerMap<LaptopIdCommand> {
  return {
    groupNewLaptopId: () => takeNewId(state),
    rotateLaptopKey: () => rotateKey(state),
    trustLaptopKey: ({ laptopId }) => trustKey(state, laptopId),
  };
}

/**
 * R35, docs/group.md "Keys that change": this laptop signs with a new key from now on, its old key signing the
 * hand-over, so the other laptops follow without a question. The old key's files are set aside, never deleted.
 */
function rotateKey(state: SessionState): Outcome {
  const group = state.group.history;
  if (!group) return refused(notInGroup());
  const saved = saveOrRefuse(
    () => group.rotateKey(state.repo.laptopKey.renew(group.laptopId)),
    'The new key could not be saved, so this laptop goes on with its old one',
  );
  if (!saved.ok) return saved;
  saveQuietly(() => group.publishShared(localShared(state)));
  shareToFolder(state);
  return saved;
}

/**
 * R35, docs/group.md "Keys that change": another laptop's files came signed with a new key, its old one lost; the
 * host, having asked its owner, trusts the new key. The old one is revoked in the group documents, signed by this
 * laptop, so every laptop of the group follows; what that laptop shares is taken in again.
 */
function trustKey(state: SessionState, laptopId: string): Outcome {
  const group = state.group.history;
  if (!group) return refused(notInGroup());
  const change = group.keyChanges().find((c) => c.laptopId === laptopId);
  if (!change)
    return refused(commandError('no-key-change', 'No other key was seen for that laptop than the one the group holds: nothing changed.'));
  const saved = saveOrRefuse(() => group.trustKey(laptopId), `${change.laptop}'s new key could not be saved, so nothing changed`);
  if (!saved.ok) return saved;
  saveQuietly(() => group.publishShared(localShared(state)));
  syncGroup(state);
  return saved;
}

function takeNewId(state: SessionState): Outcome {
  const group = state.group.history;
  if (!group) return refused(notInGroup());
  const clash = state.group.idClash;
  if (!clash)
    return refused(
      commandError('laptop-id-not-shared', 'No other laptop was found using this laptop’s id, so it keeps it: nothing changed.'),
    );
  let move: NewIdMove | undefined;
  const newId = newLaptopId();
  // R35: a new key for the new id (the copied key stays the first id's, on the other laptop); it signs the nights moved
  // and the new manifest, and everything this laptop shares from now on.
  const saved = saveOrRefuse(
    () => (move = group.takeNewLaptopId(newId, clash.theirs, state.repo.laptopKey.renew(newId))),
    'The new laptop id could not be saved; this laptop goes on sharing nothing under its id until it is',
  );
  if (!saved.ok || !move) return saved;
  state.group.idRenewed();
  const { laptopId, formerId, moved } = move;
  state.repo.report(
    'new-laptop-id',
    laptopId,
    `${clash.laptop} used this laptop's id ${formerId}: this laptop now shares as ${laptopId}; ` +
      `${moved.length} night(s) made here since the split and its edits reach the group under it, the nights from before stay ${formerId}'s`,
    formerId,
    { newLaptopId: { other: clash.laptop, moved: moved.length } },
  );
  shareToFolder(state);
  return saved;
}
