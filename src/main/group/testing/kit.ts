import { currentNight, ok, openSession, playTurns, run, startNight, TestClock } from '../../session/testing/kit';
import type { SharedPlayer } from '../groupDocs';
import { GroupHistory, type GroupContext } from '../groupHistory';
import { sharedJournalText } from '../nightIntake';
import { testContext } from './context';
import { signerOf, type LaptopSigner } from '../../night';
import { sha256Hex } from '../../../shared/sha256';

/**
 * The group's test kit: nights really played (by a session on a scratch
 * data folder) as the journals a laptop shares, and laptops' groups made
 * straight on data folders.
 */

export const TEST_GROUP_ID = 'g-00000000000000aa';

/** A night as shared: its id and its journal text, every version it was ended with (a reopened one has two, R33). */
export interface SharedNight {
  id: string;
  versions: Buffer[];
}

/**
 * `count` nights of three players out of four, played `turns` turns each on
 * the data folder `root` (cards repeatable from `label`), ended and closed;
 * with `reopenFirst`, the first is reopened, played 2 turns more and ended
 * again. Returns the nights and the roster that played them.
 */
export function playedNights(
  root: string,
  label: string,
  options: { count: number; turns?: number; reopenFirst?: boolean; day?: string; signer?: LaptopSigner },
): { nights: SharedNight[]; roster: SharedPlayer[] } {
  const start = Date.parse(`${options.day ?? '2026-02-01'}T20:00:00.000Z`);
  const clock = new TestClock(new Date(start).toISOString());
  const session = openSession(root, clock, label);
  const names = ['A', 'B', 'C', 'D'].map((n) => `${n}-${label}`);
  const nights: SharedNight[] = [];
  for (let k = 0; k < options.count; k++) {
    clock.setDay(new Date(start + k * 86_400_000).toISOString().slice(0, 10));
    startNight(session, { players: names.slice(k % 2, (k % 2) + 3).map((name) => ({ name })) });
    playTurns(session, options.turns ?? 6);
    ok(run(session, 'endNight'));
    const versions = [Buffer.from(sharedJournalText(playedNight(session), options.signer))];
    if (k === 0 && options.reopenFirst) {
      ok(run(session, 'reopenNight'));
      playTurns(session, 2);
      ok(run(session, 'endNight'));
      versions.push(Buffer.from(sharedJournalText(playedNight(session), options.signer)));
    }
    nights.push({ id: currentNight(session).id, versions });
    ok(run(session, 'closeNight'));
  }
  const roster = session.getView().roster.map(({ id, name, colour, initials, archived }) => ({ id, name, colour, initials, archived }));
  session.close();
  return { nights, roster };
}

function playedNight(session: ReturnType<typeof openSession>) {
  const night = session.currentNight;
  if (!night) throw new Error('no night');
  return night;
}

/** A laptop's group started straight on a data folder (laptop `n` of the test group). */
export function testGroup(dataRoot: string, n: number, context: Partial<GroupContext> = {}, folder: string | null = null): GroupHistory {
  return GroupHistory.start(testContext(dataRoot, context), {
    format: 'in-between-dealer/group',
    version: 1,
    groupId: TEST_GROUP_ID,
    name: 'Friday game',
    laptopId: testLaptopId(n),
    laptopName: `Laptop ${n}`,
    folder,
    laptops: [],
    peers: [],
  });
}

/** The signer of laptop `n` of the test group: its key made from its number, the same in every test (R35). */
export function testSigner(n: number): LaptopSigner {
  return signerOf(testLaptopId(n), sha256Hex(`test laptop ${n}`));
}

export function testLaptopId(n: number): string {
  return `l-${String(n + 1).padStart(16, '0')}`;
}
