import { WIRE_PATH, WIRE_TOKEN_PARAM, wireQuery } from '../../../shared/wire';
import { pageToken } from './socket';

/** What of a page's address its alternates need: the scheme, its port, the token it was opened with. */
type PageLocation = Pick<Location, 'protocol' | 'port' | 'search' | 'hash'>;

/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"): where a page that only reads (a phone's,
 * phone.html; the headless host's TV, `#/table`) looks for its night when its laptop stops answering. Its view names
 * the paired laptops, never a token: a phone's as `host:port` (`phones.alternates`), the TV's as addresses alone
 * (`tvAlternates`), which the TV goes to at its own port (the laptop that took the night over lets the old TV in on
 * that port). The page goes there with the token it already holds, the one of its own link (in its address when it
 * was opened; a phone page reloaded reads it in the links its view shows: every page of one listener holds the
 * same), as its own role and nothing else. Nothing here is a secret the page did not have. A laptop the page was
 * not served with asks for a reload from its own laptop: its Content-Security-Policy lets it open a socket only to
 * those it was served with.
 */
export class PageAlternates {
  private token: string | null;
  private alternates: readonly string[] = [];
  /** The alternates of the first view this page was sent: those its Content-Security-Policy lets it open. */
  private served: ReadonlySet<string> | null = null;

  /**
   * `role`: what the page asks for there (the phone, the table). `atOwnPort`: the alternates are addresses alone, to
   * be reached at the page's own port (the TV's).
   */
  constructor(
    private readonly role: 'phone' | 'table',
    private readonly location: PageLocation,
    private readonly atOwnPort = false,
  ) {
    this.token = pageToken(location);
  }

  /**
   * A view came, naming `alternates` (none: undefined), and `ownLink`, a link of the page's own if it shows one (the
   * token of the page's link, when its address had none): true when it names an alternate the page was not served
   * with (a reload from its laptop lets it reach it).
   */
  seen(alternates: readonly string[] | undefined, ownLink?: string): boolean {
    this.token ??= tokenOf(ownLink);
    this.alternates = alternates ?? [];
    if (this.served === null) {
      this.served = new Set(this.alternates);
      return false;
    }
    const served = this.served;
    return this.alternates.some((alternate) => !served.has(alternate));
  }

  /** The socket URLs to try besides the page's own (none until a view named them, or while the page knows no token). */
  urls(): string[] {
    if (!this.token) return [];
    const scheme = this.location.protocol === 'https:' ? 'wss' : 'ws';
    const port = this.atOwnPort ? this.location.port : '';
    const query = wireQuery(this.role, this.token);
    return this.alternates.map((alternate) => `${scheme}://${port ? `${alternate}:${port}` : alternate}${WIRE_PATH}${query}`);
  }
}

function tokenOf(link: string | undefined): string | null {
  if (!link) return null;
  try {
    return new URL(link).searchParams.get(WIRE_TOKEN_PARAM);
  } catch {
    return null;
  }
}
