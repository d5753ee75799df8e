import type { LanPairing } from '../group/pairing';
import type { DealerService } from '../session/service';
import type { GroupFilesPort } from '../session/domains/groupLanFiles';
import { PageWayPush, type PageWays } from './pageWayPush';
import { PageWaysHeld } from './pageWaysHeld';
import type { PageWay, PhoneAccess } from './phoneAccess';
import { TvFollow } from './tvFollow';

/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"), both sides for the group's part
 * (groupLanPart.ts): this laptop's pages' ways (its phones', its TV link's) told to the laptops holding its open
 * night's copy (pageWayPush.ts); the ways of the nights held here as copies (pageWaysHeld.ts); and, once a night is
 * taken over here, its pages let in (the phones' listener, tvFollow.ts), each with its own token.
 */
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
  readonly held = new PageWaysHeld();
  /** The TVs of nights taken over here (the headless host's own listener lets those of its port in). */
  readonly tv: TvFollow;
  private readonly push: PageWayPush | null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: PagesFollowOptions) {
    const { phoneAccess, tvWay } = options;
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
