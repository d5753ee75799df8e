import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DealerRepository } from '../store/repository';
import { closeNight, currentNight, ok, playTurns, sessionFolderPerTest, startNight } from './testing/kit';
import type { GameSession } from './gameSession';

/**
 * Start at 1,000 nights does nothing with the history on the host's path:
 * the pot carried (R22) is the last ended night's ledger as it was read when
 * that night ended here, or ahead of Start (prepareNextStart), while its
 * journal is the size it was read at; and the new night's id is checked
 * against the files it could clash with, not a listing of every night (the
 * clash itself: gameSession.test.ts, a random source repeating itself).
 */

const folder = sessionFolderPerTest('dealer-start-with-history-');
afterEach(() => {
  vi.restoreAllMocks();
});

/** Plays a night of a few turns with the pot carried and ends it (left on the table); returns the pot carried. */
function endedWithCarry(session: GameSession): number {
  startNight(session, { settings: { potAtEnd: 'carry' } });
  playTurns(session, 6, { bet: () => 1 });
  const pot = currentNight(session).pot;
  ok(session.runNow('endNight', { stateId: currentNight(session).stateId }));
  return pot;
}

describe('Start with a history behind it', () => {
  it('after a night ended here, Start replays no journal and lists no folder, and carries the ended night’s pot', () => {
    const session = folder.start();
    const carried = endedWithCarry(session);
    closeNight(session);
    const reads = vi.spyOn(DealerRepository.prototype, 'readNight');
    const listings = vi.spyOn(DealerRepository.prototype, 'listNightIds');
    startNight(session);
    expect(reads).not.toHaveBeenCalled();
    expect(listings).not.toHaveBeenCalled();
    // The pot carried on, and Ann's, Bob's and Cat's antes.
    expect(currentNight(session).pot).toBe(carried + 3);
  });

  it('after a restart, the last night is replayed ahead of Start (prepareNextStart), not inside it', async () => {
    const first = folder.start();
    const carried = endedWithCarry(first);
    closeNight(first);
    folder.closeLast();
    const again = folder.start();
    await again.prepareNextStart();
    const reads = vi.spyOn(DealerRepository.prototype, 'readNight');
    startNight(again);
    expect(reads).not.toHaveBeenCalled();
    expect(currentNight(again).pot).toBe(carried + 3);
  });

  it('a journal that changed since its pot was read is replayed again at Start', () => {
    const session = folder.start();
    const carried = endedWithCarry(session);
    const id = currentNight(session).id;
    closeNight(session);
    // A torn line after the end (never acknowledged): the size differs, so the figure kept is not trusted.
    fs.appendFileSync(path.join(folder.root, 'nights', `${id}.jsonl`), '{"torn');
    const reads = vi.spyOn(DealerRepository.prototype, 'readNight');
    startNight(session);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(currentNight(session).pot).toBe(carried + 3);
  });
});
