import type { IncomingMessage } from 'node:http';
import { WIRE_TOKEN_PARAM, type Role } from '../../shared';
import { cookieValue, credentialOf, sameSecret, type AccessTokens, type Credential } from './access';
import { cspConnectingTo } from './csp';
import type { QuestionRate } from './questionRate';

/**
 * What one listener lets in and what it costs the host, apart from the
 * transport every listener shares (server.ts, socketSessions.ts): the main
 * host (the console, the TV and phones through `--listen`), the phones' own
 * LAN listener (phoneAccess.ts), or the group's listener for paired laptops
 * (groupLan.ts). startHost makes one from its options (policyFor).
 */
export interface ListenerPolicy {
  /** Which of the three it is, for tests and diagnostics. */
  kind: 'main' | 'phones' | 'peers';
  /** Whether requests need a token at all (false: loopback, and this computer is trusted). */
  tokenSet: boolean;
  /** What a token is worth here: a viewer-only listener knows no host token, and no token means nothing. */
  credential(given: string | null | undefined): Credential;
  /** The token a socket opened with: in its URL, or (phones) the cookie a reloaded page's link left. */
  socketToken(request: IncomingMessage, url: URL): string | null;
  /** The cookie that carries the token for the page's own files. */
  tokenCookie: string;
  /** Read-only sockets held at once (every role but the console); null: no cap. */
  maxViewers: number | null;
  /** How fast a read-only socket may ask, per phone; null: no limit. */
  questionRate: QuestionRate | null;
  /** The files served when only some are (`/` is `index`); null: the whole build. */
  files: { allowed: ReadonlySet<string>; index: string } | null;
  /** The addresses a request's `Host` may name (with the port listened on); null: any (loopback checks aside). */
  hostNames: (() => readonly string[]) | null;
  /** Views go out once the command that made them is answered (the phones' listener, so phones never delay the console). */
  deferViewPushes: boolean;
  /** When a socket of `role` counts as not reading and is closed; null for the host's console, which is never closed for it. */
  unread(role: Role): UnreadLimits | null;
  /** Origins (`host:port`) other than this listener's whose pages may open a socket here with a token (a night taken over, R35). */
  otherOrigins: () => readonly string[];
  /** The Content-Security-Policy a page of this listener is served with. */
  csp: () => string;
}

/**
 * A socket that does not read is closed, whatever the listener and whatever
 * its role but the console's: one that holds more than `maxUnreadBytes`
 * waiting and takes none of it between two checks, or that answers no ping
 * for `silentMs`. It is told why (NOT_READING_CLOSE_CODE and words), and a
 * page that reads again finds its socket closed and opens a new one
 * (src/renderer/src/api/socket.ts reconnects on any close).
 */
export interface UnreadLimits {
  maxUnreadBytes: number;
  silentMs: number;
}

/** A TV or a phone of the main host, and a paired laptop: a megabyte waits for it at most. */
const VIEWER_UNREAD_LIMITS: UnreadLimits = { maxUnreadBytes: 1024 * 1024, silentMs: 15_000 };
/** A phone of the phones' listener: 64 phones on real Wi-Fi, each a megabyte behind, would be too much. */
export const PHONE_UNREAD_LIMITS: UnreadLimits = { maxUnreadBytes: 256 * 1024, silentMs: 15_000 };
/** How often every socket's reading is looked at (and a socket not heard from for a while is pinged). */
export const READING_CHECK_MS = 1_000;
/**
 * The close code of a socket closed because it stopped reading (the application's own range, 4000-4999).
 * The page reconnects on any close; this one says why in the host's log and in a browser's devtools.
 */
export const NOT_READING_CLOSE_CODE = 4408;

/** The options of startHost a policy is made of. */
export interface PolicyOptions {
  tokens?: AccessTokens;
  viewerToken?: () => string;
  followedTokens?: () => readonly string[];
  tvTokens?: () => readonly string[];
  otherOrigins?: () => readonly string[];
  connectSources?: () => readonly string[];
  peerToken?: (token: string) => boolean;
  files?: { allowed: ReadonlySet<string>; index: string };
  hostNames?: () => readonly string[];
  tokenCookie?: string;
  deferViewPushes?: boolean;
  maxViewers?: number;
  questionRate?: QuestionRate;
  unread?: Partial<UnreadLimits>;
}

const TOKEN_COOKIE = 'dealer_token';

export function policyFor(options: PolicyOptions): ListenerPolicy {
  const tokens = options.tokens && options.tokens.host !== '' && options.tokens.viewer !== '' ? options.tokens : null;
  const { viewerToken, peerToken } = options;
  const tokenCookie = options.tokenCookie ?? TOKEN_COOKIE;
  const kind = peerToken ? 'peers' : viewerToken ? 'phones' : 'main';
  const readOnlyLimits = { ...(kind === 'phones' ? PHONE_UNREAD_LIMITS : VIEWER_UNREAD_LIMITS), ...options.unread };
  return {
    kind,
    tokenSet: tokens !== null || viewerToken !== undefined || peerToken !== undefined || options.tvTokens !== undefined,
    credential(given) {
      if (peerToken) return typeof given === 'string' && peerToken(given) ? 'peer' : null;
      if (viewerToken) {
        if (sameSecret(given, viewerToken())) return 'viewer';
        // R35: the viewer token of a night taken over from another laptop, its pages let in here without a new link.
        return (options.followedTokens?.() ?? []).some((token) => sameSecret(given, token)) ? 'viewer' : null;
      }
      // A listener for followed TVs alone (tvFollow.ts) has no tokens of its own: nothing but their tokens opens it.
      const own = tokens !== null || !options.tvTokens ? credentialOf(tokens, given) : null;
      if (own !== null) return own;
      // R35: the TV link's token of a night taken over from another laptop: the table only (grantRole).
      return (options.tvTokens?.() ?? []).some((token) => sameSecret(given, token)) ? 'tv' : null;
    },
    // On the phones' listener a page reloaded without the token in its address (phone.html takes it out) has
    // the cookie its link left: a browser sends that only to this very origin (SameSite=Strict), and its
    // Origin header is checked (httpFront.ts).
    socketToken(request, url) {
      const inUrl = url.searchParams.get(WIRE_TOKEN_PARAM);
      if (inUrl !== null || !viewerToken || request.headers.origin === undefined) return inUrl;
      return cookieValue(request, tokenCookie);
    },
    tokenCookie,
    maxViewers: options.maxViewers ?? null,
    questionRate: options.questionRate ?? null,
    files: options.files ?? null,
    hostNames: options.hostNames ?? null,
    deferViewPushes: options.deferViewPushes ?? false,
    unread: (role) => (role === 'host' ? null : readOnlyLimits),
    otherOrigins: options.otherOrigins ?? (() => []),
    csp: () => cspConnectingTo(options.connectSources?.() ?? []),
  };
}
