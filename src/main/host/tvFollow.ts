import type { DealerService } from '../session/service';
import type { PageWay } from './phoneAccess';
import { startHost, type HostOptions, type RunningHost } from './server';

/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"): the TV of a night taken over here. A TV
 * page opened on the old laptop's table link (`npm run serve` beyond loopback: its viewer token in the address) looks
 * for its night on the paired laptops at its own port (the view's `tvAlternates`, src/renderer/src/api/pageAlternates.ts).
 * So this laptop lets it in on that port: its own headless host's listener when it listens there (the main listener
 * asks `tokensOn` and `originsOn`), else a listener for those TVs alone, started on that port if it is free here. The
 * old token opens a table socket and nothing else (a phone or the console with it are refused: access.ts grantRole);
 * no page is served there, and nothing is ever written to disk. It lasts as long as this laptop's run, as the link it
 * came from did on the old laptop. No `electron` import: both shells follow a TV.
 */
export interface TvFollowOptions {
  /** The built renderer (startHost needs one; no file of it is served). */
  rendererDir: string;
  /** Where a listener for followed TVs listens: every IPv4 address unless given. */
  listenAddress?: string;
  /** startHost unless given (tests). */
  listen?: (options: HostOptions) => Promise<RunningHost>;
}

/** A TV's listener holds few sockets: a TV or two per night. */
const MAX_FOLLOWED_TVS = 8;

export class TvFollow {
  private readonly followed: PageWay[] = [];
  private readonly listeners: RunningHost[] = [];
  /** The port this laptop's own TV link is on (the headless host's main listener), once it listens; null otherwise. */
  private ownPort: number | null = null;
  private closed = false;

  constructor(private readonly options: TvFollowOptions) {}

  /** This laptop's headless host listens for its own TV on `port` (a TV followed to that port is let in there). */
  listeningOn(port: number): void {
    this.ownPort = port;
  }

  /** The followed TVs' tokens for the listener on `port`. */
  tokensOn(port: number): string[] {
    return this.followed.filter((way) => way.port === port).map((way) => way.token);
  }

  /** The origins (`host:port`) of the followed TVs' pages for the listener on `port` (they come from another laptop's). */
  originsOn(port: number): string[] {
    return this.followed.filter((way) => way.port === port).flatMap(originsOf);
  }

  /** How many TV ways are followed now (tests, diagnostics). */
  get count(): number {
    return this.followed.length;
  }

  /** The TV of a night taken over here (its way as the old laptop said): let in from now on, on its port. */
  async follow(service: DealerService, way: PageWay): Promise<void> {
    if (this.closed) return;
    const known = this.followed.find((other) => other.token === way.token && other.port === way.port);
    if (known) return;
    this.followed.push({ token: way.token, port: way.port, addresses: [...way.addresses] });
    if (way.port === this.ownPort || this.listeners.some((listener) => listener.port === way.port)) return;
    try {
      const listener = await (this.options.listen ?? startHost)({
        service,
        port: way.port,
        host: this.options.listenAddress ?? '0.0.0.0',
        rendererDir: this.options.rendererDir,
        tvTokens: () => this.tokensOn(way.port),
        otherOrigins: () => this.originsOn(way.port),
        files: { allowed: new Set(), index: 'none' },
        maxViewers: MAX_FOLLOWED_TVS,
      });
      if (this.closed) await listener.close();
      else this.listeners.push(listener);
    } catch {
      // The port is taken here (another program): that TV cannot follow; a new link from this laptop reaches it.
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.followed.length = 0;
    await Promise.all(this.listeners.splice(0).map((listener) => listener.close()));
  }
}

function originsOf(way: PageWay): string[] {
  return way.addresses.map((address) => `${address.includes(':') && !address.startsWith('[') ? `[${address}]` : address}:${way.port}`);
}
