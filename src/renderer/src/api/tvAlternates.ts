import { socketUrlFor } from './socket';

type PageLocation = Pick<Location, 'protocol' | 'host' | 'port' | 'search' | 'hash'>;

/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"): where a TV page of the headless host
 * (its table link, `#/table`) looks for its night when its laptop stops answering. The view names the paired laptops
 * (`tvAlternates`, addresses only); the page goes there at its own port (the laptop that took the night over lets the
 * old TV in on that port) with the token it already holds, asking for the table and nothing else. Nothing here is a
 * secret the page did not have. As the phone page's (phone/alternates.ts), a laptop it was not served with asks for a
 * reload from its own laptop: its Content-Security-Policy lets it open a socket only to those it was served with.
 */
export class TvAlternates {
  private alternates: readonly string[] = [];
  /** The alternates of the first view this page was sent: those its Content-Security-Policy lets it open. */
  private served: ReadonlySet<string> | null = null;

  constructor(private readonly location: PageLocation) {}

  /** A view came; true when it names an alternate the page was not served with (a reload from its laptop lets it reach it). */
  seen(tvAlternates: readonly string[] | undefined): boolean {
    this.alternates = tvAlternates ?? [];
    if (this.served === null) {
      this.served = new Set(this.alternates);
      return false;
    }
    const served = this.served;
    return this.alternates.some((alternate) => !served.has(alternate));
  }

  /** The socket URLs to try besides the page's own (none until a view named them): each alternate, at the page's port. */
  urls(): string[] {
    const port = this.location.port;
    return this.alternates.map((address) => socketUrlFor({ ...this.location, host: port ? `${address}:${port}` : address }, 'table'));
  }
}
