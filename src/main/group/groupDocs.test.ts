import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { GroupDocs, type SharedHistory, type SharedPlayer } from './groupDocs';
import { testSigner } from './testing/kit';

/** docs/group.md "Which edit wins": each row, two laptops editing apart, then syncing both ways. */

const ann: SharedPlayer = { id: 'p-ann', name: 'Ann', colour: '#112233', initials: 'AN', archived: false };
const bea: SharedPlayer = { id: 'p-bea', name: 'Bea', colour: '#445566', initials: 'BE', archived: false };
const carl: SharedPlayer = { id: 'p-carl', name: 'Carl', colour: '#778899', initials: 'CA', archived: false };

function history(change: Partial<SharedHistory> = {}): SharedHistory {
  return { roster: [ann, bea, carl], merges: [], paid: [], modes: {}, details: {}, ...change };
}

/** Two laptops that start from the same shared history. */
function twoLaptops(start: SharedHistory): [GroupDocs, GroupDocs] {
  const one = new GroupDocs();
  one.record(start);
  const two = new GroupDocs();
  two.applyUpdate(one.encode());
  return [one, two];
}

function sync(...docs: GroupDocs[]): void {
  const updates = docs.map((d) => d.encode());
  for (const doc of docs) for (const update of updates) doc.applyUpdate(update);
}

const merge = { from: 'p-bea', into: 'p-ann', at: '2026-01-02T22:00:00.000Z', wasArchived: false };

describe('which edit wins when two laptops edited apart (docs/group.md)', () => {
  it('a merge undone on one laptop while the other marks a payment: both stand, on both laptops', () => {
    const [one, two] = twoLaptops(history({ merges: [merge] }));
    one.record(history({ merges: [] }));
    two.record(history({ merges: [merge], paid: ['n1:p-carl>p-ann'] }));
    sync(one, two);
    expect(one.read()).toEqual(two.read());
    expect(one.read().merges).toEqual([]);
    expect(one.read().paid).toEqual(['n1:p-carl>p-ann']);
  });

  it('a player renamed on both laptops: one name, the same on both', () => {
    const [one, two] = twoLaptops(history());
    one.record(history({ roster: [{ ...ann, name: 'Annie' }, bea, carl] }));
    two.record(history({ roster: [{ ...ann, name: 'Anne' }, bea, carl] }));
    sync(one, two);
    expect(one.read()).toEqual(two.read());
    expect(['Annie', 'Anne']).toContain(one.read().roster.find((p) => p.id === 'p-ann')?.name);
  });

  it('a payment marked paid (M3) on one laptop and unmarked on the other: it stays marked', () => {
    const [one, two] = twoLaptops(history({ paid: ['n1:p-carl>p-ann'] }));
    one.record(history({ paid: [] }));
    // Marked again on the other (it had been unmarked there and marked once more): a set beats the concurrent delete.
    two.record(history({ paid: [] }));
    two.record(history({ paid: ['n1:p-carl>p-ann'] }));
    sync(one, two);
    expect(one.read()).toEqual(two.read());
    expect(one.read().paid).toEqual(['n1:p-carl>p-ann']);
  });

  it('a merge undone on one laptop while the other changes it: the changed merge stands', () => {
    const [one, two] = twoLaptops(history({ merges: [merge] }));
    one.record(history({ merges: [] }));
    two.record(history({ merges: [{ ...merge, into: 'p-carl' }] }));
    sync(one, two);
    expect(one.read()).toEqual(two.read());
    expect(one.read().merges).toEqual([{ ...merge, into: 'p-carl' }]);
  });

  it('Ann merged into Bea on one laptop and Bea into Ann on the other: the earlier counts, the later counts once it is undone', () => {
    const [one, two] = twoLaptops(history());
    const annIntoBea = { from: 'p-ann', into: 'p-bea', at: '2026-01-02T22:00:00.000Z', wasArchived: false };
    const beaIntoAnn = { from: 'p-bea', into: 'p-ann', at: '2026-01-02T22:05:00.000Z', wasArchived: false };
    one.record(history({ merges: [annIntoBea] }));
    two.record(history({ merges: [beaIntoAnn] }));
    sync(one, two);
    expect(one.read()).toEqual(two.read());
    expect(one.read().merges).toEqual([annIntoBea]);
    // Undone where it counts; the other merge, recorded all along, now counts everywhere.
    one.record({ ...one.read(), merges: [] });
    sync(one, two);
    expect(two.read().merges).toEqual([beaIntoAnn]);
    expect(one.read()).toEqual(two.read());
  });

  it('a settle mode (M3) changed on both laptops: one of the two, the same on both', () => {
    const [one, two] = twoLaptops(history());
    one.record(history({ modes: { n1: 'banker' } }));
    two.record(history({ modes: { n1: 'fewest' }, paid: ['n2:p-ann>p-bea'] }));
    sync(one, two);
    expect(one.read()).toEqual(two.read());
    expect(one.read().modes).toEqual({ n1: 'banker' });
  });

  it('an unchanged value recorded again never wins over the other laptop’s edit', () => {
    const [one, two] = twoLaptops(history());
    two.record(history({ roster: [{ ...ann, name: 'Annie' }, bea, carl] }));
    // The first laptop records its state again, Ann unchanged: nothing is written, so the rename is not undone.
    expect(one.record(history({ paid: ['n1:p-carl>p-ann'] }))).toBe(true);
    sync(one, two);
    expect(one.read().roster.find((p) => p.id === 'p-ann')?.name).toBe('Annie');
  });

  it('merging the same updates again, or in another order, changes nothing', () => {
    const [one, two] = twoLaptops(history());
    one.record(history({ paid: ['a'] }));
    two.record(history({ modes: { n1: 'banker' } }));
    const updates = [one.encode(), two.encode()];
    const forward = new GroupDocs();
    const backward = new GroupDocs();
    for (const update of [...updates, ...updates]) forward.applyUpdate(update);
    for (const update of [...updates].reverse()) backward.applyUpdate(update);
    expect(forward.read()).toEqual(backward.read());
    expect(forward.read()).toEqual({ ...history(), roster: [ann, bea, carl], paid: ['a'], modes: { n1: 'banker' } });
  });
});

describe('payment details shared with the group (docs/group.md)', () => {
  const carlPays = { paypal: 'carlpays' };
  const carlMoved = { paypal: 'carlnew' };

  it('a player shared on one laptop is shared on both; an edit there is seen here; a laptop that has not read the share never takes it back', () => {
    const [one, two] = twoLaptops(history());
    expect(one.share('p-carl', carlPays)).toBe(true);
    // Two records its own state before it has read the share: Carl's details there are its own, and stay out of the group.
    two.record(history({ details: { 'p-carl': { paypal: 'twos-own' } } }));
    sync(one, two);
    expect(two.read().details).toEqual({ 'p-carl': carlPays });
    two.record(history({ details: { 'p-carl': carlMoved } }));
    sync(one, two);
    expect(one.read().details).toEqual({ 'p-carl': carlMoved });
  });

  it('no longer sharing on one laptop while the other edits the details: the edit stands (a set beats a delete), on both', () => {
    const [one, two] = twoLaptops(history());
    one.share('p-carl', carlPays);
    sync(one, two);
    one.share('p-carl', null);
    two.record(history({ details: { 'p-carl': carlMoved } }));
    sync(one, two);
    expect(one.read()).toEqual(two.read());
    expect(one.read().details).toEqual({ 'p-carl': carlMoved });
  });

  it('no longer sharing, with no edit elsewhere: the details leave the group on both laptops, and a later edit stays home', () => {
    const [one, two] = twoLaptops(history());
    one.share('p-carl', carlPays);
    sync(one, two);
    two.share('p-carl', null);
    sync(one, two);
    one.record(history({ details: { 'p-carl': carlMoved } }));
    sync(one, two);
    expect(two.read().details).toEqual({});
  });

  it('details that another laptop wrote wrong (a bad IBAN, a handle with @, an unknown player) are not taken', () => {
    const [one, two] = twoLaptops(history());
    one.share('p-carl', { sepa: { name: 'Carl', iban: 'DE00 0000 0000 0000 0000 00', bic: '' } });
    one.share('p-ann', { paypal: '@ann' });
    one.share('p-nobody', carlPays);
    sync(one, two);
    expect(two.read().details).toEqual({});
  });
});

describe('values another laptop wrote wrong (its docs.yjs made by hand or by a broken version)', () => {
  /** Another laptop's update holding these raw values, written straight into the Yjs maps, no schema in the way. */
  function forgedUpdate(write: (doc: Y.Doc) => void): Uint8Array {
    const doc = new Y.Doc();
    doc.transact(() => write(doc));
    return Y.encodeStateAsUpdate(doc);
  }

  it('a player without a name or with a colour that is none, a merge with no time, a mark that is not true and a settle mode that is none are left out', () => {
    const [, two] = twoLaptops(history({ merges: [merge], paid: ['n1:p-carl>p-ann'], modes: { n1: 'banker' } }));
    const before = two.read();
    const forged = forgedUpdate((doc) => {
      doc.getMap('roster').set('p-dan', { name: 42, colour: '#123456', initials: 'DA', archived: false });
      doc.getMap('roster').set('p-eve', { name: 'Eve', colour: 'red', initials: 'EV', archived: false });
      doc.getMap('roster').set('p-fay', 'Fay');
      doc.getMap('merges').set('p-carl', { into: 'p-ann', wasArchived: false });
      doc.getMap('paid').set('n2:p-bea>p-ann', 'yes');
      doc.getMap('modes').set('n2', 'everyone-pays-me');
      doc.getMap('modes').set('n3', { mode: 'banker' });
    });
    expect(two.applyUpdate(forged)).toBe(true);
    expect(two.read()).toEqual(before);
  });

  it('what is right beside a wrong value still counts', () => {
    const [, two] = twoLaptops(history());
    two.applyUpdate(
      forgedUpdate((doc) => {
        doc.getMap('roster').set('p-dan', { name: 'Dan', colour: '#123456', initials: 'DA', archived: false, extra: 'dropped' });
        doc.getMap('modes').set('n2', 'banker');
        doc.getMap('modes').set('n3', 'nonsense');
      }),
    );
    expect(two.read().roster.find((p) => p.id === 'p-dan')).toEqual({
      id: 'p-dan',
      name: 'Dan',
      colour: '#123456',
      initials: 'DA',
      archived: false,
    });
    expect(two.read().modes).toEqual({ n2: 'banker' });
  });

  it('an update already merged changes nothing and says so', () => {
    const [one, two] = twoLaptops(history());
    expect(two.applyUpdate(one.encode())).toBe(false);
    one.record(history({ paid: ['n1:p-carl>p-ann'] }));
    expect(two.applyUpdate(one.encode())).toBe(true);
    expect(two.applyUpdate(one.encode())).toBe(false);
  });
});

describe('R35: moves of a night in the group documents', () => {
  const GROUP = 'g-0123456789abcdef';
  const NIGHT = '2026-03-06-abc123';

  it('R35: the last move is the highest epoch signed by its taker; a stranger’s, or one signed for another laptop, is not heard', () => {
    const bob = testSigner(2);
    const carol = testSigner(3);
    const mallory = testSigner(9);
    const keys = new Map([
      [bob.laptopId, bob.publicKey],
      [carol.laptopId, carol.publicKey],
    ]);
    const keyOf = (id: string) => keys.get(id);
    const docs = new GroupDocs();
    expect(docs.movesOf(GROUP, NIGHT, keyOf)).toEqual([]);
    expect(
      docs.recordMove(bob, GROUP, { nightId: NIGHT, epoch: 2, from: 'l-000000000000000a', line: 40, at: '2026-03-06T21:00:00.000Z' }),
    ).toBe(true);
    // The same move again changes nothing.
    expect(
      docs.recordMove(bob, GROUP, { nightId: NIGHT, epoch: 2, from: 'l-000000000000000a', line: 40, at: '2026-03-06T21:00:00.000Z' }),
    ).toBe(false);
    expect(docs.movesOf(GROUP, NIGHT, keyOf)).toMatchObject([{ by: bob.laptopId, epoch: 2, line: 40 }]);
    docs.recordMove(carol, GROUP, { nightId: NIGHT, epoch: 3, from: bob.laptopId, line: 55, at: '2026-03-06T21:30:00.000Z' });
    // Every move, by epoch: the first says where Bob's lines left the night, the last where the night is now.
    expect(docs.movesOf(GROUP, NIGHT, keyOf)).toMatchObject([
      { by: bob.laptopId, epoch: 2, from: 'l-000000000000000a', line: 40 },
      { by: carol.laptopId, epoch: 3, from: bob.laptopId, line: 55 },
    ]);
    // Mallory, not in the group, claims epoch 9; then signs a move as if Bob had made it: neither is heard.
    docs.recordMove(mallory, GROUP, { nightId: NIGHT, epoch: 9, from: carol.laptopId, line: 60, at: '2026-03-06T22:00:00.000Z' });
    const forged = new GroupDocs();
    forged.recordMove(mallory, GROUP, { nightId: NIGHT, epoch: 8, from: carol.laptopId, line: 60, at: '2026-03-06T22:00:00.000Z' });
    const map = forged.doc.getMap<Record<string, unknown>>('moves');
    const entry = map.get(`${NIGHT} 8`);
    forged.doc.transact(() => map.set(`${NIGHT} 8`, { ...entry, by: bob.laptopId }));
    docs.applyUpdate(forged.encode());
    expect(docs.movesOf(GROUP, NIGHT, keyOf).map((move) => move.by)).toEqual([bob.laptopId, carol.laptopId]);
    // A move of another group, or of another night, does not count for this one.
    expect(docs.movesOf('g-fedcba9876543210', NIGHT, keyOf)).toEqual([]);
    expect(docs.movesOf(GROUP, '2026-03-07-abc123', keyOf)).toEqual([]);
  });
});
