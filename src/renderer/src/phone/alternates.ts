import type { PhonesView } from '../../../shared';
import { WIRE_PATH, WIRE_TOKEN_PARAM, wireQuery } from '../../../shared/wire';

/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"): where a phone's page looks for its
 * night when its laptop stops answering. The view names the paired laptops (`phones.alternates`, `host:port`, no
 * token); the page goes there with the token it already holds, the one of its own link (in its address when it was
 * opened, else in the links its view shows: every page of one listener holds the same). Nothing here is a secret
 * the page did not have.
 */
export class PhoneAlternates {
  private token: string | null;
  private alternates: readonly string[] = [];
  /** The alternates of the first view this page was sent: those its Content-Security-Policy lets it open. */
  private served: ReadonlySet<string> | null = null;

  /** `token`: the one in the page's own address, if any. */
  constructor(token: string | null) {
    this.token = token;
  }

  /** A view came; true when it names an alternate the page was not served with (a reload from its laptop lets it reach it). */
  seen(phones: PhonesView | undefined): boolean {
    if (!phones) return false;
    this.token ??= tokenOf(phones.links[0]);
    this.alternates = phones.alternates ?? [];
    if (this.served === null) {
      this.served = new Set(this.alternates);
      return false;
    }
    const served = this.served;
    return this.alternates.some((alternate) => !served.has(alternate));
  }

  /** The socket URLs to try besides the page's own (none until a view named them). */
  urls(scheme: 'ws' | 'wss' = 'ws'): string[] {
    if (!this.token) return [];
    const query = wireQuery('phone', this.token);
    return this.alternates.map((alternate) => `${scheme}://${alternate}${WIRE_PATH}${query}`);
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
