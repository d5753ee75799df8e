import { describe, expect, it } from 'vitest';
import { Findings, type Finding } from './findings';
import { checkJournal, epochsSigned } from './record';
import { Journal, laptop, type Laptop } from './testing/journal';

/**
 * R35, a night moved between laptops: records written by hand (testing/journal.ts hashes and signs them from the
 * format alone) and judged on their own: the chain, the epochs, the hand-over and take-over lines and who signed each
 * epoch. Each breach is an R35 violation naming the line of the record and the laptop.
 */
const NIGHT = '2026-12-06-m0ve01';
const ada = laptop('Ada’s laptop', 1);
const ben = laptop('Ben’s laptop', 2);
const cleo = laptop('Cleo’s laptop', 3);
const SEED = (k: number) => k.toString(16).padStart(2, '0').repeat(32);

function judge(journal: Journal, laptops: Laptop[] = [ada, ben, cleo]): Finding[] {
  const f = new Findings();
  const record = { journal: journal.text(), laptops: laptops.map(({ laptopId, name, publicKey }) => ({ laptopId, name, publicKey })) };
  checkJournal(record, NIGHT, f);
  return f.list;
}

const named = (who: Laptop) => `${who.name} (${who.laptopId})`;

/** A night opened on Ada's laptop: the start, the R7 draw and a first deal under way (posts turned, a bet, the third card). */
function opened(): Journal {
  return new Journal(NIGHT)
    .add({ command: { type: 'start', nightId: NIGHT }, at: '2026-12-06T20:00:00.000Z' })
    .add({ command: { type: 'draw' }, seeds: [SEED(1)], shown: ['4C', 'KD', '9H'] })
    .add({ command: { type: 'deal' }, seeds: [SEED(2)] })
    .add({ command: { type: 'cut', cut: 17 } })
    .add({ command: { type: 'deal' }, shown: ['3S', 'JD'] })
    .play('bet', ['8H']);
}

describe('R35: a moved night, its record judged on its own', () => {
  it('R35: a clean hand-over: the deck retired with its seed, Ada signs her last line, Ben takes over at epoch 2 from it', () => {
    const j = opened()
      .add({ command: { type: 'hand-over', to: ben.laptopId }, revealed: [SEED(2)] })
      .sign(ada)
      .takeOver(ada)
      .add({ command: { type: 'deal' }, seeds: [SEED(3)] })
      .add({ command: { type: 'cut', cut: 3 } })
      .play('deal', ['2C', 'AS'])
      .sign(ben);
    expect(judge(j)).toEqual([]);
  });

  it('R35: a takeover mid-turn (the posts turned, no bet yet), between deals, and in the draw are all lawful records', () => {
    const midTurn = opened()
      .play('deal', ['5D', 'QC'])
      .sign(ada)
      .takeOver(ada, { seeds: [SEED(3)] })
      .play('cut')
      .sign(ben);
    const betweenDeals = opened()
      .sign(ada)
      .takeOver(ada)
      .add({ command: { type: 'deal' }, seeds: [SEED(3)] })
      .sign(ben);
    const inTheDraw = new Journal(NIGHT)
      .add({ command: { type: 'start', nightId: NIGHT } })
      .add({ command: { type: 'draw' }, seeds: [SEED(1)], shown: ['4C', '4D'] })
      .sign(ada)
      .takeOver(ada, { seeds: [SEED(4)] })
      .play('draw-again', ['KS', '2H'])
      .sign(ben);
    for (const j of [midTurn, betweenDeals, inTheDraw]) expect(judge(j)).toEqual([]);
  });

  it('R35: two moves, Ada to Ben (handed over) and Ben to Cleo (taken over), each epoch signed by its writer', () => {
    const j = opened()
      .add({ command: { type: 'hand-over', to: ben.laptopId }, revealed: [SEED(2)] })
      .sign(ada)
      .takeOver(ada)
      .add({ command: { type: 'deal' }, seeds: [SEED(3)] })
      .sign(ben)
      .play('deal', ['7C', '9C'])
      .sign(ben)
      .takeOver(ben, { seeds: [SEED(4)] })
      .play('cut')
      .sign(cleo);
    expect(judge(j)).toEqual([]);
    // The laptop named for a line is its epoch's writer.
    const r = checkJournal({ journal: j.text(), laptops: [ada, ben, cleo] }, NIGHT, new Findings());
    expect([0, 8, 10, 11].map((i) => r?.signer(i))).toEqual([named(ada), named(ben), named(cleo), named(cleo)]);
    // And who wrote which lines, each epoch covered by its writer's own signature, in words (the CLI prints them).
    const record = { journal: j.text(), laptops: [ada, ben, cleo] };
    expect(epochsSigned(record, NIGHT)).toEqual([
      `lines 2-8 (epoch 1): written by ${named(ada)}, signed by it on line 9`,
      `lines 10-13 (epoch 2): written by ${named(ben)}, signed by it on line 14`,
      `lines 15-16 (epoch 3): written by ${named(cleo)}, signed by it on line 17`,
    ]);
  });

  it('R35: a night moved twice whose record lost Ada’s signature (Ben’s alone covers her lines) is refused, naming Ada, and said so', () => {
    // As the app wrote it before every writer's signature travelled with its lines: Ben's laptop pushed Ada's lines to
    // Cleo's without Ada's signature, so Cleo's record has Ben's and Cleo's signatures only.
    const j = opened()
      .add({ command: { type: 'hand-over', to: ben.laptopId }, revealed: [SEED(2)] })
      .sign(ben)
      .takeOver(ada)
      .add({ command: { type: 'deal' }, seeds: [SEED(3)] })
      .play('deal', ['7C', '9C'])
      .sign(ben)
      .takeOver(ben, { seeds: [SEED(4)] })
      .play('cut')
      .sign(cleo);
    const found = judge(j);
    expect(found).toContainEqual(
      expect.objectContaining({
        rule: 'R35',
        kind: 'violation',
        expected: expect.stringContaining(`a signature by ${named(ada)}, the laptop the take-over on line 10 names`),
        found: `signed there by ${named(ben)}`,
      }),
    );
    expect(epochsSigned({ journal: j.text(), laptops: [ada, ben, cleo] }, NIGHT)[0]).toBe(
      `lines 2-8 (epoch 1): written by ${named(ada)}, signed by no signature of its own`,
    );
  });

  it('R35: a shown card changed after signing breaks the chain (shown is hashed when present)', () => {
    const j = opened().sign(ada);
    j.texts[5] = (j.texts[5] as string).replace('"JD"', '"JH"');
    const found = judge(j);
    expect(found.map((x) => x.rule)).toEqual(['R35', 'R35']);
    expect(found[0]?.expected).toContain(`line 7 of the record, as ${named(ada)} signed it, to follow line 6`);
    expect(found[1]?.expected).toContain(`${named(ada)}'s signature of the 6 lines before it`);
  });

  it('R35: an epoch that falls: a line at epoch 1 after Ben took over at 2', () => {
    const j = opened()
      .sign(ada)
      .takeOver(ada)
      .add({ command: { type: 'deal' }, epoch: 1 })
      .sign(ben);
    const found = judge(j);
    expect(found).toEqual([
      expect.objectContaining({ rule: 'R35', kind: 'violation', expected: expect.stringContaining('line 10 of the record (epoch 1') }),
    ]);
    expect(found[0]?.expected).toContain('epochs never fall');
    expect(found[0]?.expected).toContain(named(ada));
  });

  it('R35: an epoch that rises without a take-over line, and a take-over that skips an epoch', () => {
    const rise = opened()
      .sign(ada)
      .add({ command: { type: 'deal' }, epoch: 2 })
      .sign(ben);
    const found = judge(rise);
    expect(found.some((x) => x.expected.includes('an epoch rises only on a take-over line') && x.found === 'epoch 2 on a deal line')).toBe(
      true,
    );
    expect(found.every((x) => x.rule === 'R35')).toBe(true);
    const skip = opened().sign(ada).takeOver(ada, { epoch: 3 }).sign(ben);
    expect(judge(skip)).toEqual([
      expect.objectContaining({
        rule: 'R35',
        expected: expect.stringMatching(/take-over on line 9 of the record .* at epoch 2, the next after 1/),
      }),
    ]);
  });

  it('R35: a take-over whose hash is not the hash of the line it names', () => {
    const j = opened();
    const wrong = j.heads[4] as string;
    j.sign(ada)
      .add({ command: { type: 'take-over', from: ada.laptopId, line: 6, hash: wrong }, epoch: 2 })
      .sign(ben);
    const found = judge(j);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((x) => x.rule === 'R35' && x.kind === 'violation')).toBe(true);
    expect(
      found.some(
        (x) => x.expected.includes(`the hash of night line 6 (line 7 of the record), ${j.heads[5]}`) && x.found === `hash ${wrong}`,
      ),
    ).toBe(true);
    expect(found.some((x) => x.expected.includes('its hash the same as its own prev'))).toBe(true);
    // The take-over's line counted wrong (naming a line after it).
    const ahead = opened()
      .sign(ada)
      .add({ command: { type: 'take-over', from: ada.laptopId, line: 9, hash: j.heads[5] as string }, epoch: 2 })
      .sign(ben);
    expect(judge(ahead).some((x) => x.expected.includes('naming a line of the night before it (1 to 6)') && x.found === 'line 9')).toBe(
      true,
    );
  });

  it('R35: a take-over naming a laptop that did not sign the lines before it', () => {
    const j = opened().sign(ada).takeOver(cleo).play('deal').sign(ben);
    const found = judge(j);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((x) => x.rule === 'R35')).toBe(true);
    expect(found).toContainEqual(
      expect.objectContaining({
        expected: expect.stringContaining(
          `a signature by ${named(cleo)}, the laptop the take-over on line 9 names, right after the takeover point line 7 of the record`,
        ),
        found: `signed there by ${named(ada)}`,
      }),
    );
    // And Ada signing nothing at all before the take-over.
    const unsigned = opened().takeOver(ada).sign(ben);
    expect(judge(unsigned).some((x) => x.found === 'no signature there')).toBe(true);
  });

  it('R35: a line Ada wrote after the takeover point (kept aside on her laptop) must not be in the record', () => {
    const j = opened().sign(ada).play('pass').sign(ada).takeOver(ada, { line: 6 }).play('deal').sign(ben);
    const found = judge(j);
    expect(found).toEqual([
      expect.objectContaining({
        rule: 'R35',
        kind: 'violation',
        expected: expect.stringContaining('no line after the takeover point (night line 6, line 7 of the record)'),
        found: `line 9 of the record (epoch 1, ${named(ada)}): pass`,
      }),
    ]);
  });

  it('R35: a hand-over followed by anything but a take-over, or taken over by another laptop than it named', () => {
    const j = opened()
      .add({ command: { type: 'hand-over', to: ben.laptopId } })
      .play('deal')
      .sign(ada);
    expect(judge(j)).toEqual([
      expect.objectContaining({
        rule: 'R35',
        expected: expect.stringContaining('a take-over right after the hand-over on line 8'),
        found: 'deal on line 9',
      }),
    ]);
    const other = opened()
      .add({ command: { type: 'hand-over', to: ben.laptopId } })
      .sign(ada)
      .takeOver(ada)
      .sign(cleo);
    expect(judge(other)).toEqual([
      expect.objectContaining({
        rule: 'R35',
        expected: expect.stringContaining(`by the laptop the hand-over on line 8 names, ${named(ben)}`),
        found: `taken over by ${named(cleo)}`,
      }),
    ]);
  });

  it('R35: a signature inside an epoch by a laptop other than its writer, and a laptop taking over from itself', () => {
    const j = new Journal(NIGHT)
      .add({ command: { type: 'start', nightId: NIGHT } })
      .add({ command: { type: 'draw' }, seeds: [SEED(1)], shown: ['4C', 'KD', '9H'] })
      .add({ command: { type: 'deal' }, seeds: [SEED(2)] })
      .sign(ben)
      .play('cut')
      .sign(ada)
      .takeOver(ada)
      .sign(ben);
    expect(judge(j)).toEqual([
      expect.objectContaining({
        rule: 'R35',
        expected: `the signature on line 5 of the record by ${named(ada)}, the writer of epoch 1`,
        found: `signed by ${named(ben)}`,
      }),
    ]);
    const self = opened().sign(ada).takeOver(ada).sign(ada);
    expect(judge(self).map((x) => x.found)).toContain(`${named(ada)} taking over from itself`);
  });
});
