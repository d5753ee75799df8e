import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENGINE_REVISION, type EngineCommand } from '../engine';
import { decodeJournal, recordedCommandOf, type JournalEntry } from './format';
import { replayJournal, replayPrefix } from './play';

/**
 * A night keeps the engine revision it was recorded with (docs/night-journal.md):
 * this fixture was written before revision 2 (R32 made precise), on a night
 * where Fay sits out and comes back between turns 55 and 56. It must replay
 * as it was played and shown: the turns file holds every turn as the app
 * showed it then (number, deal, player, dealer, outcome, bet) and the stacks.
 */
const FIXTURE = fs.readFileSync(new URL('./fixtures/night-journal-v1-sit-out-between-turns.jsonl', import.meta.url), 'utf8');
const PLAYED = JSON.parse(
  fs.readFileSync(new URL('./fixtures/night-journal-v1-sit-out-between-turns.turns.json', import.meta.url), 'utf8'),
) as {
  turns: [number, number, string, string, string, number | null][];
  stacks: Record<string, number>;
  pot: number;
};

function shown(entries: readonly JournalEntry[], upTo?: number) {
  const night = upTo === undefined ? replayJournal(entries) : replayPrefix(entries.slice(0, upTo)).night;
  const names = new Map(night.state.players.map((p) => [p.id, p.name]));
  return { night, turns: night.turns.map((t) => [t.n, t.deal, names.get(t.playerId), names.get(t.dealerId), t.outcome, t.bet]) };
}

/** The fixture's lines, its start line saying `revision`. */
function withRevision(revision: number): JournalEntry[] {
  return decodeJournal(FIXTURE).entries.map((entry) =>
    entry.command.type === 'start' ? { ...entry, command: { ...entry.command, revision } } : entry,
  );
}

describe('engine revisions in the journal (R32)', () => {
  it('R32: a night recorded before revision 2 replays exactly as it was played and shown: every turn, the stacks, the pot', () => {
    const { night, turns } = shown(decodeJournal(FIXTURE).entries);
    expect(night.state.revision).toBe(1);
    expect(turns).toEqual(PLAYED.turns);
    expect(night.state.stacks).toEqual(PLAYED.stacks);
    expect(night.state.pot).toBe(PLAYED.pot);
  });

  it("R32: the same lines played by today's revision give Fay, back before the order reached her place, her turn in deal 7", () => {
    // Up to the deal after her sitting out and back (line 122 of the file, the header being line 1).
    const before = shown(decodeJournal(FIXTURE).entries, 121).turns;
    expect(before.at(-1)?.slice(0, 4)).toEqual([56, 7, 'Gus', 'Latecomer 10']);
    const now = shown(withRevision(ENGINE_REVISION), 121);
    expect(now.night.state.revision).toBe(ENGINE_REVISION);
    expect(now.turns.slice(0, 55)).toEqual(before.slice(0, 55));
    expect(now.turns.at(-1)?.slice(0, 4)).toEqual([56, 7, 'Fay', 'Latecomer 10']);
  });

  it("R32: a night started today is recorded with today's revision on its start line; one without it is revision 1", () => {
    const start: EngineCommand = {
      type: 'start',
      nightId: 'n',
      at: '2026-01-01T20:00:00.000Z',
      players: [
        { id: 'a', name: 'Ann' },
        { id: 'b', name: 'Bob' },
      ],
      startingChips: 10,
      chipValue: 0,
      currency: '',
      settings: replayJournal(decodeJournal(FIXTURE).entries.slice(0, 1)).state.settings,
      carryIn: 0,
    };
    expect(recordedCommandOf(start)).toMatchObject({ type: 'start', revision: ENGINE_REVISION });
    const [line] = decodeJournal(FIXTURE).entries;
    expect(line?.command).not.toHaveProperty('revision');
  });
});
