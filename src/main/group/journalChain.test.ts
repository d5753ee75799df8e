import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeJournal } from '../night';
import { currentNight, ok, openSession, playTurns, run, startNight, TestClock } from '../session/testing/kit';
import { judgeNight, sharedJournalText } from './nightIntake';
import { testSigner } from './testing/kit';

/**
 * R35 on a real laptop: the journal a session writes (its seeds sealed while their decks are in play, its lines
 * appended one by one across a restart) is one unbroken chain, and the copy it shares has the same chain, signed.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-chain-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('R35: the journal a laptop writes is one chain', () => {
  it('R35: across a restart mid-night, every line follows the one before; the shared copy has the same chain and a signature that checks', () => {
    const clock = new TestClock('2026-03-01T20:00:00.000Z');
    const first = openSession(work, clock, 'chain');
    startNight(first, { players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cleo' }] });
    playTurns(first, 5);
    const nightId = currentNight(first).id;
    first.close();
    const again = openSession(work, clock, 'chain');
    playTurns(again, 5);
    ok(run(again, 'endNight'));
    const onDisk = fs.readFileSync(path.join(work, 'nights', `${nightId}.jsonl`), 'utf8');
    const chain = decodeJournal(onDisk, undefined, { chain: true });
    expect(chain.damage).toBeNull();
    expect(chain.heads).toHaveLength(chain.entries.length);
    expect(
      onDisk
        .split('\n')
        .slice(1, -1)
        .every((line) => /"prev":"[0-9a-f]{64}"/.test(line)),
    ).toBe(true);
    const night = again.currentNight;
    if (!night) throw new Error('no night');
    const shared = sharedJournalText(night, testSigner(0));
    const sharedChain = decodeJournal(shared, undefined, { chain: true });
    expect(sharedChain.heads).toEqual(chain.heads);
    expect(sharedChain.signatures).toEqual([expect.objectContaining({ lines: chain.entries.length, head: chain.heads.at(-1) })]);
    const judged = judgeNight(nightId, Buffer.from(shared));
    expect(judged.ok && judged.record.signature?.laptop).toBe(testSigner(0).laptopId);
    again.close();
  });
});
