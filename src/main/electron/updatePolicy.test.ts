import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECK_EVERY_MS,
  decideUpdate,
  INITIAL_UPDATE_STATE,
  installedAppAt,
  nightIsOpen,
  updatesLeaveDataAlone,
  RETRY_AFTER_FAILURE_MS,
  type UpdateAction,
  type UpdateEvent,
  type UpdateFacts,
  type UpdateState,
} from './updatePolicy';

const HOUR = 60 * 60 * 1000;
const lobby = (now: number, checksOn = true): UpdateFacts => ({ now, checksOn, nightOpen: false });
const inNight = (now: number, checksOn = true): UpdateFacts => ({ now, checksOn, nightOpen: true });

/** Runs events in order, collecting every action with the facts it was taken under. */
function play(steps: [UpdateEvent, UpdateFacts][], state: UpdateState = INITIAL_UPDATE_STATE) {
  const taken: { action: UpdateAction; facts: UpdateFacts; event: UpdateEvent }[] = [];
  for (const [event, facts] of steps) {
    const decision = decideUpdate(state, event, facts);
    state = decision.state;
    for (const action of decision.actions) taken.push({ action, facts, event });
  }
  return { state, taken, actions: taken.map((t) => t.action) };
}

describe('update policy: when the app looks for an update', () => {
  it('looks at start, not again the same day, and again a day later', () => {
    const { actions } = play([
      [{ type: 'tick' }, lobby(0)],
      [{ type: 'checkFinished' }, lobby(1000)],
      [{ type: 'tick' }, lobby(5 * HOUR)],
      [{ type: 'tick' }, lobby(CHECK_EVERY_MS)],
    ]);
    expect(actions).toEqual([{ type: 'check' }, { type: 'check' }]);
  });

  it('never looks while the host has turned checks off', () => {
    const { actions } = play([
      [{ type: 'tick' }, lobby(0, false)],
      [{ type: 'tick' }, lobby(3 * CHECK_EVERY_MS, false)],
    ]);
    expect(actions).toEqual([]);
  });

  it('a failed look (no network) is tried again after an hour, not at every tick', () => {
    const { actions } = play([
      [{ type: 'tick' }, lobby(0)],
      [{ type: 'checkFailed' }, lobby(1000)],
      [{ type: 'tick' }, lobby(10 * 60 * 1000)],
      [{ type: 'tick' }, lobby(1000 + RETRY_AFTER_FAILURE_MS)],
    ]);
    expect(actions).toEqual([{ type: 'check' }, { type: 'check' }]);
  });
});

describe('update policy: installing only between nights', () => {
  it('an update downloaded during a night is offered once the night has ended, and installed on the host’s yes', () => {
    const { actions } = play([
      [{ type: 'tick' }, inNight(0)],
      [{ type: 'checkFinished' }, inNight(1)],
      [{ type: 'downloaded', version: '0.2.0' }, inNight(2)],
      [{ type: 'tick' }, inNight(HOUR)],
      // The night ends: the shell ticks on every change of the night.
      [{ type: 'tick' }, lobby(2 * HOUR)],
      [{ type: 'answered', version: '0.2.0', install: true }, lobby(2 * HOUR + 5000)],
    ]);
    expect(actions).toEqual([{ type: 'check' }, { type: 'ask', version: '0.2.0' }, { type: 'install', version: '0.2.0' }]);
  });

  it('a yes given after a night was opened installs nothing; the question comes back after that night', () => {
    const { actions } = play([
      [{ type: 'downloaded', version: '0.2.0' }, lobby(0)],
      [{ type: 'answered', version: '0.2.0', install: true }, inNight(1000)],
      [{ type: 'tick' }, inNight(HOUR)],
      [{ type: 'tick' }, lobby(3 * HOUR)],
    ]);
    expect(actions).toEqual([
      { type: 'ask', version: '0.2.0' },
      { type: 'ask', version: '0.2.0' },
    ]);
    expect(actions).not.toContainEqual(expect.objectContaining({ type: 'install' }));
  });

  it('a "not now" is not asked again the same day, and is a day later', () => {
    const { actions } = play([
      [{ type: 'downloaded', version: '0.2.0' }, lobby(0)],
      [{ type: 'answered', version: '0.2.0', install: false }, lobby(1000)],
      [{ type: 'tick' }, lobby(HOUR)],
      [{ type: 'tick' }, lobby(1000 + CHECK_EVERY_MS)],
    ]);
    expect(actions).toEqual([
      { type: 'ask', version: '0.2.0' },
      { type: 'ask', version: '0.2.0' },
    ]);
  });

  it('asks one question at a time', () => {
    const { actions } = play([
      [{ type: 'downloaded', version: '0.2.0' }, lobby(0)],
      [{ type: 'tick' }, lobby(1)],
      [{ type: 'tick' }, lobby(2)],
    ]);
    expect(actions).toEqual([{ type: 'ask', version: '0.2.0' }]);
  });

  it('an open night is one started and not ended; an ended night still on the screens is not open', () => {
    expect(nightIsOpen({ night: null })).toBe(false);
    expect(nightIsOpen({ night: { endedAt: null, phase: 'bet' } as never })).toBe(true);
    expect(nightIsOpen({ night: { endedAt: '2026-11-28T23:00:00Z', phase: 'ended' } as never })).toBe(false);
  });
});

const facts = fc.record({ now: fc.nat(), checksOn: fc.boolean(), nightOpen: fc.boolean() });
const version = fc.constantFrom('0.2.0', '0.3.0');
const event: fc.Arbitrary<UpdateEvent> = fc.oneof(
  fc.constant({ type: 'tick' as const }),
  fc.constant({ type: 'checkFinished' as const }),
  fc.constant({ type: 'checkFailed' as const }),
  version.map((v) => ({ type: 'downloaded' as const, version: v })),
  fc.record({ version, install: fc.boolean() }).map((a) => ({ type: 'answered' as const, ...a })),
);
/** Steps in time order, as the shell feeds them. */
const steps = fc.array(fc.tuple(event, facts), { maxLength: 40 }).map((list) => {
  let now = 0;
  return list.map(([e, f]) => {
    now += f.now % (2 * CHECK_EVERY_MS);
    return [e, { ...f, now }] as [UpdateEvent, UpdateFacts];
  });
});

describe('update policy: properties over any day of events', () => {
  it('never asks and never installs while a night is open', () => {
    fc.assert(
      fc.property(steps, (list) => {
        for (const { action, facts: at } of play(list).taken) {
          if (action.type !== 'check') expect(at.nightOpen).toBe(false);
        }
      }),
    );
  });

  it('never looks, asks or installs while the host has turned checks off, except installing on their own yes', () => {
    fc.assert(
      fc.property(steps, (list) => {
        for (const { action, facts: at } of play(list).taken) {
          if (action.type !== 'install') expect(at.checksOn).toBe(true);
        }
      }),
    );
  });

  it('installs only on the host’s yes to the version that was downloaded', () => {
    fc.assert(
      fc.property(steps, (list) => {
        const { taken } = play(list);
        for (const [index, { action, event: cause }] of taken.entries()) {
          if (action.type !== 'install') continue;
          expect(cause).toEqual({ type: 'answered', version: action.version, install: true });
          // ...and the host was asked about that version first.
          expect(taken.slice(0, index).some((t) => t.action.type === 'ask' && t.action.version === action.version)).toBe(true);
        }
      }),
    );
  });

  it('looks at most once a day, or an hour after a failed look', () => {
    fc.assert(
      fc.property(steps, (list) => {
        let state = INITIAL_UPDATE_STATE;
        let lastCheck: number | null = null;
        let failedSince = false;
        for (const [e, at] of list) {
          const decision = decideUpdate(state, e, at);
          if (e.type === 'checkFailed') failedSince = true;
          if (decision.actions.some((a) => a.type === 'check')) {
            if (lastCheck !== null)
              expect(at.now - lastCheck).toBeGreaterThanOrEqual(failedSince ? RETRY_AFTER_FAILURE_MS : CHECK_EVERY_MS);
            lastCheck = at.now;
            failedSince = false;
          }
          state = decision.state;
        }
      }),
    );
  });
});

describe('update policy: the data folder is never touched by an update', () => {
  it('the installed data folders (per-user, moved, --data-dir elsewhere) are outside what an update replaces', () => {
    const win = installedAppAt('C:\\Users\\ann\\AppData\\Local\\Programs\\In-Between Dealer\\In-Between Dealer.exe', 'win32', undefined);
    expect(win).toBe('C:/Users/ann/AppData/Local/Programs/In-Between Dealer');
    expect(updatesLeaveDataAlone('C:\\Users\\ann\\AppData\\Roaming\\in-between-dealer\\data', win)).toBe(true);
    const mac = installedAppAt('/Applications/In-Between Dealer.app/Contents/MacOS/In-Between Dealer', 'darwin', undefined);
    expect(mac).toBe('/Applications/In-Between Dealer.app');
    expect(updatesLeaveDataAlone('/Users/ann/Library/Application Support/in-between-dealer/data', mac)).toBe(true);
    const appImage = installedAppAt('/tmp/.mount_InBetw/in-between-dealer', 'linux', '/home/ann/Apps/in-between-dealer.AppImage');
    expect(updatesLeaveDataAlone('/home/ann/Apps/In-Between Dealer data/data', appImage)).toBe(true);
  });

  it('a portable copy, whose data sits beside its executable, is never updated', () => {
    const installed = installedAppAt('E:\\Dealer\\In-Between Dealer.exe', 'win32', undefined);
    expect(updatesLeaveDataAlone('e:\\Dealer\\In-Between Dealer data\\data', installed)).toBe(false);
    expect(
      updatesLeaveDataAlone(
        '/opt/In-Between Dealer/In-Between Dealer data/data',
        installedAppAt('/opt/In-Between Dealer/in-between-dealer', 'linux', undefined),
      ),
    ).toBe(false);
  });
});
