import { test } from '@playwright/test';
import { freshDataDir, removeDataDir, startHostProcess, wipeDataDir, type HostProcess } from './hostProcess';

/** The headless host a spec file drives; it can be killed and brought back on the same data folder and port. */
export interface SpecHost {
  readonly url: string;
  /** The console link the host printed. */
  readonly consoleUrl: string;
  /** The TV link the host printed (a read-only table socket). */
  readonly tableUrl: string;
  /** The phones' link the host printed (phone.html: a read-only phone socket). */
  readonly phoneUrl: string;
  /** Stops the host (SIGKILL for a crash), optionally wipes its data folder or changes files in it (`whileStopped`), and starts it again. */
  restart(options?: { signal?: 'SIGTERM' | 'SIGKILL'; wipeData?: boolean; whileStopped?: (dataDir: string) => void }): Promise<void>;
}

/**
 * One host per spec file, started before its tests on a fresh data folder
 * with a fixed deck seed (the same cards every run), stopped and its folder
 * removed after them.
 */
export function hostForSpecFile(deckSeed: string): SpecHost {
  let host: HostProcess | undefined;
  let dataDir = '';
  const running = (): HostProcess => {
    if (!host) throw new Error('the host is not running: use it inside a test');
    return host;
  };

  test.beforeAll(async () => {
    dataDir = freshDataDir();
    host = await startHostProcess({ deckSeed, dataDir });
  });
  test.afterAll(async () => {
    await host?.stop();
    if (dataDir) removeDataDir(dataDir);
  });

  return {
    get url() {
      return running().url;
    },
    get consoleUrl() {
      return running().consoleUrl;
    },
    get tableUrl() {
      return running().tableUrl;
    },
    get phoneUrl() {
      return running().phoneUrl;
    },
    async restart({ signal, wipeData = false, whileStopped } = {}) {
      const { port } = running();
      await running().stop(signal);
      host = undefined;
      if (wipeData) wipeDataDir(dataDir);
      whileStopped?.(dataDir);
      host = await startHostProcess({ deckSeed, dataDir, port });
    },
  };
}
