import type { PageWays } from './pageWayPush';
import type { PageWay } from './phoneAccess';

/** The kinds of page that follow a night: a phone, or the TV (each with a token of its own, never the other's). */
type PageKind = keyof PageWays;

export interface PageWaysHeldOptions {
  /**
   * How long a way stays good while its holder is heard from (its live copy's lines) without saying it again: the
   * holder says it again well within that (pageWayPush.ts toldAgainWithinMs); past it, a way it may have revoked
   * without being heard (the message lost) is dropped, as a revoked one is.
   */
  staleAfterMs: number;
  now?: () => number;
}

/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"), the copy's side: how the pages of each
 * night held here as a live copy get in on the laptop holding it (pageWayPush.ts tells it): its phones and its TV,
 * each apart, kept in memory only (a token is never written to disk), to let those pages in here once this laptop
 * takes the night over. The holder's `null` (W off, a new link) drops that way: a token revoked there opens nothing
 * here. A holder heard from (`heard`) that has not said its ways again for `staleAfterMs` may have revoked them
 * unheard: they are dropped too, and the pages need a new link from this laptop after a takeover (refused, never let
 * in on a token that may be revoked).
 */
export class PageWaysHeld {
  private readonly ways = new Map<string, { holder: string; ways: PageWays; toldAt: number }>();
  private readonly now: () => number;

  constructor(private readonly options: PageWaysHeldOptions) {
    this.now = options.now ?? Date.now;
  }

  /** What the holder `holder` says of night `nightId`; `holdsCopy`: this laptop holds that night's copy from that very laptop. */
  receive(nightId: string, holder: string, ways: PageWays, holdsCopy: boolean): { kept: boolean } {
    const known = this.ways.get(nightId);
    if (!holdsCopy) {
      if (known?.holder === holder) this.ways.delete(nightId);
      return { kept: false };
    }
    if (ways.phones === null && ways.tv === null) this.ways.delete(nightId);
    else this.ways.set(nightId, { holder, ways: { phones: copyOf(ways.phones), tv: copyOf(ways.tv) }, toldAt: this.now() });
    return { kept: true };
  }

  /** The holder `holder` of night `nightId` was heard from (a batch of its lines): ways it has not said again for too long are dropped. */
  heard(nightId: string, holder: string): void {
    const known = this.ways.get(nightId);
    if (known?.holder === holder && this.now() - known.toldAt > this.options.staleAfterMs) this.ways.delete(nightId);
  }

  /** Whether a way in of night `nightId` for pages of `kind` is kept (tests, the bench, the console's line). */
  has(nightId: string, kind: PageKind = 'phones'): boolean {
    return (this.ways.get(nightId)?.ways[kind] ?? null) !== null;
  }

  /** The ways in of night `nightId` as `holder` last said, taken (a takeover uses them once): undefined when none. */
  take(nightId: string, holder: string): PageWays | undefined {
    const known = this.ways.get(nightId);
    if (known?.holder !== holder) return undefined;
    this.ways.delete(nightId);
    return known.ways;
  }
}

function copyOf(way: PageWay | null): PageWay | null {
  return way ? { token: way.token, port: way.port, addresses: [...way.addresses] } : null;
}
