import type { PowerSaveBlocker } from 'electron';
import type { AppView } from '../../shared';

/**
 * Keeps the TV (and the laptop's screen) awake while a night is open, and
 * lets them sleep again once it has ended or was closed. Driven by the view
 * main pushes after every change, so it follows undo, restore and a night
 * resumed at start alike.
 */
export interface NightAwakeKeeper {
  /** Look at the newest view and start or release the blocker to match. */
  update(view: AppView): void;
  /** Release the blocker (the app is quitting). */
  release(): void;
  /** True while the displays are kept awake. */
  active(): boolean;
}

/** A night is open from its start until it ends (the results screen lets the TV sleep). */
function nightIsOpen(view: AppView): boolean {
  return view.night !== null && view.night.phase !== 'ended';
}

export function createNightAwakeKeeper(blocker: Pick<PowerSaveBlocker, 'start' | 'stop'>): NightAwakeKeeper {
  let id: number | null = null;
  function release(): void {
    if (id === null) return;
    blocker.stop(id);
    id = null;
  }
  return {
    update(view) {
      if (nightIsOpen(view)) id ??= blocker.start('prevent-display-sleep');
      else release();
    },
    release,
    active: () => id !== null,
  };
}
