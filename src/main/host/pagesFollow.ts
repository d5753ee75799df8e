import type { LanPairing } from '../group/pairing';
import type { DealerService } from '../session/service';
import type { GroupFilesPort } from '../session/domains/groupLanFiles';
import { PageWayPush, toldAgainWithinMs, type PageWays } from './pageWayPush';
import { PageWaysHeld } from './pageWaysHeld';
import type { PageWay, PhoneAccess } from './phoneAccess';
import { TvFollow } from './tvFollow';

/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"), both sides for the group's part
 * (groupLanPart.ts): this laptop's pages' ways (its phones', its TV link's) told to the laptops holding its open
 * night's copy (pageWayPush.ts); the ways of the nights held here as copies (pageWaysHeld.ts); and, once a night is
 * taken over here, its pages let in (the phones' listener, tvFollow.ts), each with its own token. A revocation here
 * (W off, a new link) is told to the holders of the copy before the command is answered.
 */

/** How long W off or a new link waits for the laptops holding the copy to hear it (one not told by then is told every round). */
const REVOKE_TOLD_WITHIN_MS = 1_000;
/**
 * How many of the holder's re-tellings a laptop holding the copy may miss, while it hears the holder's lines, before
 * it drops the ways it holds (PageWaysHeld's `staleAfterMs`); never under STALE_AFTER_MIN_MS (a loaded laptop's timers lag).
 */
const STALE_AFTER_TOLD_AGAIN = 3;
const STALE_AFTER_MIN_MS = 3_000;
export interface PagesFollowOptions {
  pairing: LanPairing;
  files: GroupFilesPort;
  /** The paired laptops holding a copy of this laptop's open night now. */
  holders: () => string[];
  /** This laptop's phones' listener, when composed with one. */
  phoneAccess: PhoneAccess | null;
  /** How this laptop's TV link gets in (the headless host beyond loopback), when it has one. */
  tvWay: (() => PageWay | null) | null;
  rendererDir: string;
  /** Where a listener for followed TVs listens (every IPv4 address unless given). */
  listenAddress?: string;
  /** How often the holders are told again what they lack. */
  everyMs: number;
}

export class PagesFollow {
  /** How the pages of the nights held here as copies get in on their laptops (what a takeover lets in). */
  readonly held: PageWaysHeld;
  /** The TVs of nights taken over here (the headless host's own listener lets those of its port in). */
  readonly tv: TvFollow;
  private readonly push: PageWayPush | null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: PagesFollowOptions) {
    const { phoneAccess, tvWay } = options;
    this.held = new PageWaysHeld({
      staleAfterMs: Math.max(STALE_AFTER_TOLD_AGAIN * toldAgainWithinMs(options.everyMs), STALE_AFTER_MIN_MS),
    });
    this.tv = new TvFollow({
      rendererDir: options.rendererDir,
      ...(options.listenAddress ? { listenAddress: options.listenAddress } : {}),
    });
    this.push =
      phoneAccess || tvWay
        ? new PageWayPush({
            pairing: options.pairing,
            files: options.files,
            ways: (): PageWays => ({ phones: phoneAccess?.way() ?? null, tv: tvWay?.() ?? null }),
            holders: options.holders,
          })
        : null;
    if (phoneAccess && this.push) {
      const push = this.push;
      phoneAccess.onChange(() => push.kick());
      // R35: a token revoked here reaches the laptops holding the copy now, and W off is done once they heard it.
      phoneAccess.onRevoked(() => push.tellNow(REVOKE_TOLD_WITHIN_MS));
      phoneAccess.setAlternates(() => this.pairedHosts());
    }
  }

  /** Where a page looks for its night should this laptop go: the paired laptops' LAN addresses (no port, no token). */
  pairedHosts(): string[] {
    return [...new Set(this.options.pairing.list().flatMap((peer) => peer.addresses.map((address) => address.replace(/:\d+$/, ''))))];
  }

  /** What holder `holder` says of night `nightId`'s pages; `holdsCopy`: this laptop holds that night's copy from it. */
  receive(nightId: string, holder: string, ways: PageWays, holdsCopy: boolean): { kept: boolean } {
    return this.held.receive(nightId, holder, ways, holdsCopy);
  }

  /** Which pages of night `nightId`, held here as a copy, would follow it here were it taken over; null when none. */
  follow(nightId: string): { tv: boolean; phones: boolean } | null {
    const tv = this.held.has(nightId, 'tv');
    const phones = this.held.has(nightId, 'phones');
    return tv || phones ? { tv, phones } : null;
  }

  /** The holder `holder` of night `nightId` was heard from (a batch of its lines): what it has not said again for long is dropped. */
  heard(nightId: string, holder: string): void {
    this.held.heard(nightId, holder);
  }

  /** Night `nightId`, taken from `holder`, is this laptop's now: the pages opened on that laptop's links get in here. */
  async takenOver(service: DealerService, nightId: string, holder: string): Promise<void> {
    const ways = this.held.take(nightId, holder);
    if (ways?.phones && this.options.phoneAccess) await this.options.phoneAccess.follow(service, ways.phones);
    if (ways?.tv) await this.tv.follow(service, ways.tv);
  }

  forget(laptopId: string): void {
    this.push?.forget(laptopId);
  }

  start(): void {
    const push = this.push;
    if (!push) return;
    this.timer = setInterval(() => push.round(), this.options.everyMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.push?.stop();
    await this.tv.close();
  }
}
