import type { PhoneWay } from './phoneAccess';

/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"), the copy's side: how the phones of
 * each night held here as a live copy get in on the laptop holding it (phoneWayPush.ts tells it), kept in memory
 * only (a token is never written to disk), to let those pages in here once this laptop takes the night over. The
 * holder's `null` (W off, a new link) drops it: a token revoked there opens nothing here.
 */
export class PhoneWaysHeld {
  private readonly ways = new Map<string, { holder: string; way: PhoneWay }>();

  /** What the holder `holder` says of night `nightId`; `holdsCopy`: this laptop holds that night's copy from that very laptop. */
  receive(nightId: string, holder: string, way: PhoneWay | null, holdsCopy: boolean): { kept: boolean } {
    const known = this.ways.get(nightId);
    if (!holdsCopy) {
      if (known?.holder === holder) this.ways.delete(nightId);
      return { kept: false };
    }
    if (way === null) this.ways.delete(nightId);
    else this.ways.set(nightId, { holder, way: { token: way.token, port: way.port, addresses: [...way.addresses] } });
    return { kept: true };
  }

  /** Whether a way in of night `nightId` is kept (tests, the bench). */
  has(nightId: string): boolean {
    return this.ways.has(nightId);
  }

  /** The way in of night `nightId` as `holder` last said, taken (a takeover uses it once): undefined when none. */
  take(nightId: string, holder: string): PhoneWay | undefined {
    const known = this.ways.get(nightId);
    if (known?.holder !== holder) return undefined;
    this.ways.delete(nightId);
    return known.way;
  }
}
