import { app } from 'electron';
import { judgeSmoke, SMOKE_TIMEOUT_MS, writeSmokeReport, type SmokeReport } from './smokeRun';
import type { DealerWindows } from './windows';

const POLL_MS = 200;

/**
 * The smoke run's check (smokeRun.ts): once both windows have loaded, ask
 * the console's bridge for the view, write the report, quit. The report is a
 * file because a packaged GUI app's stdout is not always a terminal's
 * (Windows); the caller reads its `ok`.
 */
export async function runSmokeCheck(windows: DealerWindows, reportPath: string): Promise<void> {
  const identity = { name: app.getName(), version: app.getVersion(), platform: process.platform };
  let report: SmokeReport;
  try {
    const deadline = Date.now() + SMOKE_TIMEOUT_MS;
    const loaded = () => {
      const open = windows.all();
      return open.length === 2 && open.every((window) => !window.webContents.isLoading() && window.webContents.getURL() !== '');
    };
    while (!loaded()) {
      if (Date.now() > deadline) throw new Error(`the windows did not load within ${SMOKE_TIMEOUT_MS / 1000} s`);
      await new Promise((done) => setTimeout(done, POLL_MS));
    }
    const host = windows.all().find((window) => windows.roleOf(window.webContents) === 'host');
    if (!host) throw new Error('no host console window');
    const viewKeys = (await host.webContents.executeJavaScript('window.api.getView().then((view) => Object.keys(view))', true)) as string[];
    report = judgeSmoke({ ...identity, windows: windows.all().map((window) => window.webContents.getURL()), viewKeys });
  } catch (failure) {
    report = { ...identity, ok: false, windows: [], viewKeys: [], error: failure instanceof Error ? failure.message : String(failure) };
  }
  writeSmokeReport(reportPath, report);
  console.log(`smoke run: ${report.ok ? 'ok' : `FAILED (${report.error})`}; report in ${reportPath}`);
  app.quit();
}
