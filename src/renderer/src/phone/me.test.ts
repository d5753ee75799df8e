import { describe, expect, it } from 'vitest';
import { chosenPlayer, loadChoice, ME_STORAGE_KEY, NIGHTS_KEPT, saveChoice, withChoice, withoutChoice, type StorageLike } from './me';

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const night = (id: string, ...players: string[]) => ({ id, players: players.map((p) => ({ id: p })) });

describe('"this is me" on a phone', () => {
  it('is remembered on the phone across a reload, for that night', () => {
    const storage = memoryStorage();
    saveChoice(storage, withChoice(loadChoice(storage), 'n1', 'zoe'));
    expect(chosenPlayer(loadChoice(storage), night('n1', 'ann', 'zoe'))).toBe('zoe');
  });

  it('offers the last choice again at a later night where that player sits, and not where they do not', () => {
    const saved = withChoice(loadChoice(null), 'n1', 'zoe');
    expect(chosenPlayer(saved, night('n2', 'zoe', 'bob'))).toBe('zoe');
    expect(chosenPlayer(saved, night('n3', 'ann', 'bob'))).toBeNull();
    expect(chosenPlayer(saved, null)).toBeNull();
  });

  it('a choice made for this night wins over the last one made elsewhere', () => {
    let saved = withChoice(loadChoice(null), 'n1', 'ann');
    saved = withChoice(saved, 'n2', 'bob');
    expect(chosenPlayer(saved, night('n1', 'ann', 'bob'))).toBe('ann');
    expect(chosenPlayer(saved, night('n2', 'ann', 'bob'))).toBe('bob');
  });

  it('"not me" clears the choice for this night and is not offered again', () => {
    const saved = withoutChoice(withChoice(loadChoice(null), 'n1', 'ann'), 'n1');
    expect(chosenPlayer(saved, night('n1', 'ann'))).toBeNull();
    expect(chosenPlayer(saved, night('n2', 'ann'))).toBeNull();
  });

  it('a choice picked in the lobby (no night) is offered when the night starts', () => {
    expect(chosenPlayer(withChoice(loadChoice(null), null, 'ann'), night('n9', 'ann'))).toBe('ann');
  });

  it(`keeps at most ${NIGHTS_KEPT} nights, the newest`, () => {
    let saved = loadChoice(null);
    for (let i = 0; i < NIGHTS_KEPT + 5; i++) saved = withChoice(saved, `n${i}`, 'ann');
    expect(Object.keys(saved.byNight)).toHaveLength(NIGHTS_KEPT);
    expect(saved.byNight[`n${NIGHTS_KEPT + 4}`]).toBe('ann');
    expect(saved.byNight.n0).toBeUndefined();
  });

  it('reads anything unreadable as nothing picked, and a storage that refuses writes costs nothing', () => {
    expect(loadChoice(memoryStorage({ [ME_STORAGE_KEY]: '{not json' }))).toEqual({ last: null, byNight: {} });
    expect(loadChoice(memoryStorage({ [ME_STORAGE_KEY]: '{"last":7,"byNight":{"n1":"ann","n2":3}}' }))).toEqual({
      last: null,
      byNight: { n1: 'ann' },
    });
    const refusing: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => saveChoice(refusing, withChoice(loadChoice(null), 'n1', 'ann'))).not.toThrow();
  });
});
