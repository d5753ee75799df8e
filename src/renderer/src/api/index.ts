import type { DealerApi } from '../../../shared';
import { withPushedViews } from './pushedViews';
import { createSocketApi, retryOnWake, roleFor, socketUrlFor, type ConnectionStatus, type SocketDealerApi } from './socket';
import { PageAlternates } from './pageAlternates';

export type { ConnectionStatus } from './socket';

/** The dealer as this window sees it, plus how the connection to it stands. */
export interface DealerConnection {
  api: DealerApi;
  status(): ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
}

let connection: DealerConnection | null = null;

/**
 * `window.api` in Electron (the preload), otherwise a WebSocket bridge to the
 * headless host that served this page. One per window.
 */
export function getDealerConnection(): DealerConnection {
  connection ??= window.api ? electronConnection(withPushedViews(window.api)) : socketConnection();
  return connection;
}

/** IPC to main never drops, so the status is always open. */
function electronConnection(api: DealerApi): DealerConnection {
  return { api, status: () => 'open', onStatus: () => () => undefined };
}

function socketConnection(): DealerConnection {
  const ownUrl = socketUrlFor(window.location);
  // R35: the TV looks for its night on the paired laptops should its own stop answering; the console stays on its own.
  const tv = roleFor(window.location) === 'table' ? new PageAlternates('table', window.location, true) : null;
  const api: SocketDealerApi = createSocketApi({
    url: ownUrl,
    ...(tv ? { alternates: () => tv.urls() } : {}),
    toggleFullScreen: toggleDocumentFullScreen,
    openTableWindow: async () => {
      window.open('#/table', '_blank', 'noopener');
    },
  });
  // A laptop that slept, or whose Wi-Fi came back, reconnects at once instead of after the backoff.
  retryOnWake({ window, document }, api.retryNow);
  api.onView((view) => {
    // A laptop paired since this TV page was served: reloaded from its own laptop, its policy lets it go there too.
    if (tv?.seen(view.tvAlternates) && api.status() === 'open' && api.currentUrl() === ownUrl) window.location.reload();
  });
  return { api, status: api.status, onStatus: api.onStatus };
}

async function toggleDocumentFullScreen(): Promise<void> {
  if (document.fullscreenElement) await document.exitFullscreen();
  else await document.documentElement.requestFullscreen();
}
