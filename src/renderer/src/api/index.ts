import type { DealerApi } from '../../../shared';
import { withPushedViews } from './pushedViews';
import { createSocketApi, retryOnWake, socketUrlFor, type ConnectionStatus, type SocketDealerApi } from './socket';

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
  const api: SocketDealerApi = createSocketApi({
    url: socketUrlFor(window.location),
    toggleFullScreen: toggleDocumentFullScreen,
    openTableWindow: async () => {
      window.open('#/table', '_blank', 'noopener');
    },
  });
  // A laptop that slept, or whose Wi-Fi came back, reconnects at once instead of after the backoff.
  retryOnWake({ window, document }, api.retryNow);
  return { api, status: api.status, onStatus: api.onStatus };
}

async function toggleDocumentFullScreen(): Promise<void> {
  if (document.fullscreenElement) await document.exitFullscreen();
  else await document.documentElement.requestFullscreen();
}
