import type { LanPairing } from '../group/pairing';
import { PeerLink, type PeerAnswer, type PeerAsked } from './peerLink';

/**
 * The links a laptop's own pushes keep to its paired laptops (the live copy's lines, liveCopyPush.ts; the pages'
 * ways, pageWayPush.ts), one per laptop: opened at the first of that laptop's addresses that answers, kept open
 * between requests, and closed once a request on it fails, so that the next request opens a new one (the laptop
 * may have restarted, or come back at another address). Each push keeps its own: a slow batch of lines never holds
 * up a page's way.
 */
export class PeerLinks {
  private readonly links = new Map<string, PeerLink>();
  private closed = false;

  constructor(private readonly pairing: Pick<LanPairing, 'find'>) {}

  /** The link to paired laptop `laptopId`: the one open, else a new one; null when no address of it answers (or it is not paired). */
  async open(laptopId: string): Promise<PeerLink | null> {
    const known = this.links.get(laptopId);
    if (known?.open) return known;
    const peer = this.pairing.find(laptopId);
    for (const address of peer?.addresses ?? []) {
      let link: PeerLink;
      try {
        link = await PeerLink.open(address, peer?.theirKey ?? '');
      } catch {
        continue; // The next address, if any.
      }
      // Closed (or unpaired) while it opened: nobody is left to close it later.
      if (this.closed || !this.pairing.find(laptopId)) {
        link.close();
        return null;
      }
      this.links.get(laptopId)?.close();
      this.links.set(laptopId, link);
      return link;
    }
    return null;
  }

  /**
   * `method` sent to paired laptop `laptopId` on its link, and its answer; null when no address of it answers. A
   * request that fails (no answer in time, the socket closed) closes the link and throws.
   */
  async request<K extends PeerAsked>(laptopId: string, method: K, args: unknown): Promise<PeerAnswer<K> | null> {
    const link = await this.open(laptopId);
    if (!link) return null;
    try {
      return await link.request(method, args);
    } catch (error) {
      this.drop(laptopId);
      throw error;
    }
  }

  /** The link to `laptopId` closed (a request failed on it, or the laptop was unpaired): the next request opens a new one. */
  drop(laptopId: string): void {
    this.links.get(laptopId)?.close();
    this.links.delete(laptopId);
  }

  /** Every link closed, for good. */
  close(): void {
    this.closed = true;
    for (const link of this.links.values()) link.close();
    this.links.clear();
  }
}
