/**
 * "This is me" on a phone: which player the person holding it is, kept in
 * the phone's own storage (never sent to the host), per night, so that a
 * phone lent to someone else for one night does not follow them into the
 * next, and the last choice is offered again when that player sits down at
 * a later night.
 */

/** @internal exported for tests only */
export const ME_STORAGE_KEY = 'in-between-dealer.phone.me';
/**
 * Nights remembered: older ones are forgotten, so the entry never grows.
 * @internal exported for tests only
 */
export const NIGHTS_KEPT = 30;

export interface SavedChoice {
  /** The player (roster id) picked last, on any night. */
  last: string | null;
  /** Night id to the player picked on it, oldest first. */
  byNight: Record<string, string>;
}

/** The part of `localStorage` this needs, so tests pass a map. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const NOTHING: SavedChoice = { last: null, byNight: {} };

/** What this phone remembers; anything unreadable (another version, a hand edit) counts as nothing picked. */
export function loadChoice(storage: StorageLike | null): SavedChoice {
  try {
    const raw = storage?.getItem(ME_STORAGE_KEY);
    if (!raw) return NOTHING;
    const parsed = JSON.parse(raw) as Partial<SavedChoice>;
    const last = typeof parsed.last === 'string' ? parsed.last : null;
    const byNight: Record<string, string> = {};
    if (parsed.byNight && typeof parsed.byNight === 'object') {
      for (const [night, player] of Object.entries(parsed.byNight)) if (typeof player === 'string') byNight[night] = player;
    }
    return { last, byNight };
  } catch {
    return NOTHING;
  }
}

/** Kept best-effort: private browsing or a full storage only means the choice is not remembered. */
export function saveChoice(storage: StorageLike | null, saved: SavedChoice): void {
  try {
    storage?.setItem(ME_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    /* not remembered, still shown */
  }
}

/**
 * Who "me" is at this night: the player picked on it, else the player picked
 * last if they sit at it; null when neither is at the table (nobody picked,
 * or the player picked went home).
 */
export function chosenPlayer(saved: SavedChoice, night: { id: string; players: readonly { id: string }[] } | null): string | null {
  if (!night) return null;
  const seated = (id: string | null | undefined): id is string => !!id && night.players.some((p) => p.id === id);
  const forNight = saved.byNight[night.id];
  if (seated(forNight)) return forNight;
  return seated(saved.last) ? saved.last : null;
}

/** The choice with `playerId` picked (for `nightId` when a night is open). */
export function withChoice(saved: SavedChoice, nightId: string | null, playerId: string): SavedChoice {
  if (nightId === null) return { ...saved, last: playerId };
  const nights = Object.entries(saved.byNight).filter(([night]) => night !== nightId);
  nights.push([nightId, playerId]);
  return { last: playerId, byNight: Object.fromEntries(nights.slice(-NIGHTS_KEPT)) };
}

/** "Not me": nobody picked on this night, and the last choice forgotten so it is not offered again. */
export function withoutChoice(saved: SavedChoice, nightId: string | null): SavedChoice {
  const byNight = { ...saved.byNight };
  if (nightId !== null) delete byNight[nightId];
  return { last: null, byNight };
}
