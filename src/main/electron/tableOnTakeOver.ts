import type { DealerWindows } from './windows';

/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"): a night taken over (or handed over) on
 * this laptop is shown on this laptop's TV at once, as at start. The table window, closed since (the host shut it on a
 * laptop that held no night), opens again on the TV display it would have opened on at start (windows.ts: full
 * screen on the external display, else a window on the laptop); open already, it is brought to the front where it is.
 * Before this, a takeover left a closed table window closed: the night was on the console and nowhere on the TV.
 */
export function showTableOnTakeOver(windows: () => Pick<DealerWindows, 'showTable'> | null): (nightId: string) => void {
  return () => windows()?.showTable();
}
