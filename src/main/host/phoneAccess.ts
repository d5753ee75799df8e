import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { join } from 'node:path';
import { PHONES_OFF, WIRE_TOKEN_PARAM, type PhoneRefusal, type PhonesView } from '../../shared';
import type { DealerService } from '../session/service';
import type { FlowLimits } from './clientLink';
import type { ConnectionLimits } from './connectionGuard';
import { PHONE_UNREAD_LIMITS, type UnreadLimits } from './listenerPolicy';
import { PHONE_QUESTION_RATE, type QuestionRate } from './questionRate';
import { startHost, type ConnectionInfo, type HostOptions, type RunningHost } from './server';

/**
 * "Let phones watch" (docs/design.md "Phones on the LAN"): a second listener
 * on the LAN for the same session, never a second writer. It knows one token,
 * the viewer link's: no host token exists for it, so every socket is a phone
 * or a table and any change is refused (forbidden-role). It serves the phone
 * page and the files that page needs, nothing else (no console). Here is its
 * life: on (a port, the LAN addresses), off (every phone closed at once), a
 * new link (the old one's phones closed). No `electron` import: the desktop
 * app and the headless host both use it, and so do the tests.
 */

/** The port tried first, so a phone that bookmarked the page finds it after a restart of the app (the link itself changes). */
const PHONE_PORT = 47_800;
/** The ports tried in turn when one is in use; then any free port (0). */
const PHONE_PORT_FALLBACKS = 9;
/**
 * The page a phone opens (src/renderer/phone.html, built beside index.html).
 * @internal exported for tests only
 */
export const PHONE_PAGE = 'phone.html';
/** How often the LAN addresses are looked at again while phones may watch (Wi-Fi joined, a new DHCP lease). */
const NETWORK_CHECK_MS = 5_000;
/** The phones' own cookie name: the headless host may listen on another port of the same address. */
const PHONE_TOKEN_COOKIE = 'dealer_phone_token';

/**
 * What phones may cost the host (anyone who saw the QR code can try): so many
 * sockets at once, so many messages a second per phone (its token and
 * address, whichever socket it sends on), and at most `flow`'s
 * bytes waiting for each (256 KB) (a phone that stops reading gets the newest view
 * when it reads again, never a queue of old ones); strangers and slow
 * connections as connectionGuard.ts says.
 */
export interface PhoneLimits {
  maxPhones: number;
  questionRate: QuestionRate;
  flow: Partial<FlowLimits>;
  connections: Partial<ConnectionLimits>;
  /** Phones coming and going change a count on every screen: told at most once per this many ms (the newest count). */
  countEveryMs: number;
  /** When a phone counts as not reading and is closed (PHONE_UNREAD_LIMITS unless given). */
  unread: Partial<UnreadLimits>;
}

const PHONE_LIMITS: PhoneLimits = {
  maxPhones: 64,
  questionRate: PHONE_QUESTION_RATE,
  // A phone that reads nothing (not even a ping) is closed after two silent beats: within 15 s (the README promises 20).
  // At most 256 KB waits for a phone (PHONE_UNREAD_LIMITS): 64 phones on real Wi-Fi a megabyte behind each would be too much;
  // views wait once more than half of that is waiting, so a view never makes a phone that reads look like one that does not.
  flow: {
    maxBufferedBytes: PHONE_UNREAD_LIMITS.maxUnreadBytes,
    viewHighWaterBytes: PHONE_UNREAD_LIMITS.maxUnreadBytes / 2,
    heartbeatMs: 5_000,
  },
  connections: {},
  countEveryMs: 250,
  unread: PHONE_UNREAD_LIMITS,
};

const TOKEN_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** 16 characters of 32: 80 bits, short enough to type from the TV. */
const TOKEN_LENGTH = 16;

/** A fresh viewer token: lower-case letters and digits without look-alikes (no l, o, 0, 1). */
function newPhoneToken(): string {
  const bytes = randomBytes(TOKEN_LENGTH);
  let token = '';
  for (const byte of bytes) token += TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length];
  return token;
}

/** Private ranges first (a home router's 192.168 before a VM's 172.16-31), then the rest. */
function addressRank(address: string): number {
  if (address.startsWith('192.168.')) return 0;
  if (address.startsWith('10.')) return 1;
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(address)) return 2;
  return 3;
}

/**
 * The addresses phones on the LAN can reach: IPv4, not loopback or internal,
 * not link-local (169.254: no DHCP answered, nobody else is there), best first.
 */
export function lanAddresses(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string[] {
  const found = Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter(
      (entry) => entry.family === 'IPv4' && !entry.internal && !entry.address.startsWith('127.') && !entry.address.startsWith('169.254.'),
    )
    .map((entry) => entry.address);
  return [...new Set(found)].sort((a, b) => addressRank(a) - addressRank(b));
}

/**
 * How pages of this laptop get in (its phones, or its TV on the headless host), as a laptop holding a live copy of its
 * night keeps it (R35, docs/group-lan.md "What follows a takeover"): the viewer token, the port, and the LAN addresses
 * the pages were given.
 */
export interface PageWay {
  token: string;
  port: number;
  addresses: string[];
}

/** The link a phone opens for `address`. */
function phoneLink(address: string, port: number, token: string): string {
  return `http://${address}:${port}/${PHONE_PAGE}?${WIRE_TOKEN_PARAM}=${token}`;
}

/** Vite's manifest of the renderer build (`build.manifest` in electron.vite.config.ts). */
export const BUILD_MANIFEST = 'build-manifest.json';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * The files of the build the phone page needs, from Vite's manifest
 * (BUILD_MANIFEST): the page, its script, the
 * chunks it imports (now or later), their styles and assets. Nothing of the
 * console is in it, unless shared with the phone page (the Vue runtime).
 * Empty when the build has no phone page.
 * @internal exported for tests only
 */
export async function phonePageFiles(rendererDir: string): Promise<Set<string>> {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(await readFile(join(rendererDir, BUILD_MANIFEST), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return new Set();
  }
  const files = new Set<string>();
  if (!manifest[PHONE_PAGE]) return files;
  files.add(PHONE_PAGE);
  const seen = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(PHONE_PAGE);
  return files;
}

export interface PhoneAccessOptions {
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** Ports to try in turn (0: any free one); PHONE_PORT and its fallbacks, then 0, unless given. */
  ports?: readonly number[];
  /** Where to listen: every IPv4 address unless given. */
  listenAddress?: string;
  /** The LAN addresses now (lanAddresses unless given: tests pretend there is no network). */
  addresses?: () => string[];
  newToken?: () => string;
  /** startHost unless given (tests make the OS refuse a port). */
  listen?: (options: HostOptions) => Promise<RunningHost>;
  networkCheckMs?: number;
  /** Told when the listener closes a phone that stopped reading. */
  onClientDropped?: HostOptions['onClientDropped'];
  /** PHONE_LIMITS unless given (tests use small ones). */
  limits?: Partial<PhoneLimits>;
}

function defaultPorts(): number[] {
  return [...Array.from({ length: PHONE_PORT_FALLBACKS + 1 }, (_, i) => PHONE_PORT + i), 0];
}

function refusalOf(error: unknown, port: number): PhoneRefusal {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'EADDRINUSE') return { code: 'port-in-use', port, message };
  if (code === 'EACCES' || code === 'EPERM') return { code: 'port-not-allowed', port, message };
  return { code: 'failed', port, message };
}

/**
 * Whether phones may watch, and the listener when they may. Changes are told
 * to `onChange` listeners (the view then carries `view()` to every screen).
 * `turnOn`, `turnOff` and `newLink` run one at a time, in order.
 */
export class PhoneAccess {
  private readonly options: PhoneAccessOptions;
  private host: RunningHost | null = null;
  private token: string;
  private addresses: string[] = [];
  private refusal: PhoneRefusal | null = null;
  private networkTimer: ReturnType<typeof setInterval> | null = null;
  private readonly listeners = new Set<() => void>();
  /** R35: told when the phones' token is revoked (W off, a new link), and awaited before that command is answered. */
  private readonly revokedListeners = new Set<() => Promise<void>>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly limits: PhoneLimits;
  /** A count change waiting to be told (phones coming and going are told at most every `countEveryMs`). */
  private countTimer: ReturnType<typeof setTimeout> | null = null;
  /** R35: the ways in of nights taken over from other laptops (their pages let in here too), until W off or a new link. */
  private followed: PageWay[] = [];
  /** R35: where the pages may find their night should this laptop go (the paired laptops' addresses), for the view and the page's CSP. */
  private alternatesOf: () => string[] = () => [];

  constructor(options: PhoneAccessOptions) {
    this.options = options;
    this.limits = { ...PHONE_LIMITS, ...options.limits };
    this.token = (options.newToken ?? newPhoneToken)();
  }

  /** What the screens show: never the listener's internals, only the viewer links. */
  view(): PhonesView {
    if (this.refusal) return { ...PHONES_OFF, state: 'refused', refusal: this.refusal };
    const host = this.host;
    if (!host) return PHONES_OFF;
    const connected = host.clientCount();
    if (this.addresses.length === 0) return { state: 'no-network', links: [], port: host.port, connected, refusal: null };
    const alternates = this.alternates();
    return {
      state: 'on',
      links: this.addresses.map((address) => phoneLink(address, host.port, this.token)),
      port: host.port,
      connected,
      refusal: null,
      ...(alternates.length > 0 ? { alternates } : {}),
    };
  }

  /**
   * R35: how the pages get in, for the laptops holding a live copy of the night (never for any screen), or null while
   * phones may not watch.
   */
  way(): PageWay | null {
    if (!this.host || this.addresses.length === 0) return null;
    return { token: this.token, port: this.host.port, addresses: [...this.addresses] };
  }

  /**
   * R35: where the pages may look for their night should this laptop go: the paired laptops' LAN addresses (a laptop
   * that takes the night over listens for phones on this very port if it can).
   */
  setAlternates(hosts: () => string[]): void {
    this.alternatesOf = hosts;
  }

  /** The alternates as `host:port`, this laptop's own addresses left out. */
  private alternates(): string[] {
    const port = this.host?.port;
    if (port === undefined) return [];
    let hosts: string[];
    try {
      hosts = this.alternatesOf();
    } catch {
      return [];
    }
    return [...new Set(hosts)].filter((host) => !this.addresses.includes(host)).map((host) => `${host}:${port}`);
  }

  /**
   * R35 *Taken over*: the pages of the laptop this one took the night from get in here with the token they hold. Off
   * here, the listener starts with that very token, on their port if it is free; on, that token opens it as well.
   * W off or a new link here ends it, as for this laptop's own pages.
   */
  follow(service: DealerService, way: PageWay): Promise<void> {
    return this.serially(async () => {
      if (this.host) {
        if (way.token !== this.token) this.followed.push(way);
        this.changed();
        return;
      }
      this.token = way.token;
      this.followed = [];
      await this.listen(service, [way.port, ...(this.options.ports ?? defaultPorts()).filter((port) => port !== way.port)]);
      // The pages opened on the old laptop's link come from its origin: their sockets are let in here, with the token.
      if (this.host) this.followed = [way];
    });
  }

  /** The sockets open now (none when off), for diagnostics and tests. */
  connections(): ConnectionInfo[] {
    return this.host?.connections() ?? [];
  }

  /** Phones connected now (what `view()` says), cheaply. */
  get connectedCount(): number {
    return this.host?.clientCount() ?? 0;
  }

  get isOn(): boolean {
    return this.host !== null;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * R35: `listener` runs as soon as the phones' token is revoked (W off, a new link), and W off or the new link is
   * done only once it settled: the laptops holding the night's copy hear of it before the host sees it done, not at
   * their next round (pagesFollow.ts). It bounds its own wait; a failure of it changes nothing here.
   */
  onRevoked(listener: () => Promise<void>): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  /** Starts listening for `service` (already on: nothing changes). The outcome is in `view()`. */
  turnOn(service: DealerService): Promise<void> {
    return this.serially(async () => {
      if (this.host) return;
      await this.listen(service, this.options.ports ?? defaultPorts());
    });
  }

  /** Listens on the first of `ports` that is free (a refusal otherwise), and tells. */
  private async listen(service: DealerService, ports: readonly number[]): Promise<void> {
    this.refusal = null;
    const files = await phonePageFiles(this.options.rendererDir);
    const listen = this.options.listen ?? startHost;
    let lastError: unknown = null;
    let lastPort = ports[0] ?? 0;
    for (const port of ports) {
      lastPort = port;
      try {
        this.host = await listen({
          service,
          port,
          host: this.options.listenAddress ?? '0.0.0.0',
          rendererDir: this.options.rendererDir,
          viewerToken: () => this.token,
          followedTokens: () => this.followed.map((way) => way.token),
          otherOrigins: () => this.followed.flatMap((way) => way.addresses.map((address) => `${address}:${way.port}`)),
          connectSources: () => this.alternates().map((alternate) => `ws://${alternate}`),
          files: { allowed: files, index: PHONE_PAGE },
          hostNames: () => this.addresses,
          tokenCookie: PHONE_TOKEN_COOKIE,
          onClientsChanged: () => this.countChanged(),
          // The phones never hold up the host's own commands.
          deferViewPushes: true,
          maxViewers: this.limits.maxPhones,
          questionRate: this.limits.questionRate,
          flow: this.limits.flow,
          connections: this.limits.connections,
          unread: this.limits.unread,
          ...(this.options.onClientDropped ? { onClientDropped: this.options.onClientDropped } : {}),
        });
        break;
      } catch (error) {
        lastError = error;
        // Only a port in use is worth another port: a refusal (EACCES) or anything else will not change.
        if ((error as NodeJS.ErrnoException | null)?.code !== 'EADDRINUSE') break;
      }
    }
    if (!this.host) {
      this.refusal = refusalOf(lastError, lastPort);
    } else {
      this.addresses = this.readAddresses();
      this.followNetwork();
    }
    this.changed();
  }

  /**
   * Stops listening: every phone is disconnected at once, and the link ends
   * with it (turned on again, phones need the new one from the TV). A refusal
   * shown is cleared.
   */
  turnOff(): Promise<void> {
    return this.serially(async () => {
      const host = this.host;
      this.host = null;
      this.refusal = null;
      this.stopFollowingNetwork();
      this.cancelCount();
      // W off: the pages of a night taken over are let in no more either.
      this.followed = [];
      // The token is revoked from now on (way() says null): told to the laptops holding the copy while phones close here.
      const told = host ? this.revoked() : Promise.resolve();
      if (host) {
        await host.close();
        this.token = (this.options.newToken ?? newPhoneToken)();
      }
      this.changed();
      await told;
    });
  }

  /** A new viewer link: phones holding the old one are disconnected (they need the new one, from the TV). */
  newLink(): Promise<void> {
    return this.serially(() => {
      this.token = (this.options.newToken ?? newPhoneToken)();
      this.followed = [];
      this.host?.dropStaleClients();
      this.changed();
      return this.host ? this.revoked() : Promise.resolve();
    });
  }

  /** For shutting down: off, and no more change is told. */
  async close(): Promise<void> {
    // Shutting down revokes nothing: a laptop that goes lets its pages follow the night.
    this.listeners.clear();
    this.revokedListeners.clear();
    await this.turnOff();
  }

  private readAddresses(): string[] {
    try {
      return (this.options.addresses ?? lanAddresses)();
    } catch {
      return [];
    }
  }

  private followNetwork(): void {
    this.stopFollowingNetwork();
    this.networkTimer = setInterval(() => {
      const now = this.readAddresses();
      if (now.join(' ') === this.addresses.join(' ')) return;
      this.addresses = now;
      this.changed();
    }, this.options.networkCheckMs ?? NETWORK_CHECK_MS);
    this.networkTimer.unref();
  }

  private stopFollowingNetwork(): void {
    if (this.networkTimer) clearInterval(this.networkTimer);
    this.networkTimer = null;
  }

  /** Every revocation listener run at once, and waited for; one that fails does not stop the others. */
  private async revoked(): Promise<void> {
    await Promise.allSettled([...this.revokedListeners].map((listener) => listener()));
  }

  private changed(): void {
    this.cancelCount();
    for (const listener of this.listeners) listener();
  }

  /** A phone came or went: told once the moment passes, with the count as it is then (trailing). */
  private countChanged(): void {
    if (this.countTimer) return;
    this.countTimer = setTimeout(() => {
      this.countTimer = null;
      if (this.host) this.changed();
    }, this.limits.countEveryMs);
    this.countTimer.unref();
  }

  /** A change told now carries the count too. */
  private cancelCount(): void {
    if (this.countTimer) clearTimeout(this.countTimer);
    this.countTimer = null;
  }

  private serially(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step, step);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
