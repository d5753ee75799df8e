import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WIRE_CLOSE_LINK_REPLACED, WIRE_CLOSE_TABLE_FULL, type AppView, type NightView, type RunningTab } from '../../../shared';
import type { HelpDealArgs, RevealDrawsArgs } from '../../../shared/witnessWire';
import type { ConnectionStatus, PhoneSocketApi } from '../api/socket';
import { useViewStore } from '../stores/view';
import { useHelpDealStore } from './helpDealStore';
import { ME_STORAGE_KEY } from './me';
import { usePhoneStore } from './phoneStore';

const tab: RunningTab = { tab: [{ from: 'ann', to: 'zoe', amount: 450, nights: ['n0'], covers: ['n0:ann>zoe'] }], transfers: [] };

function nightView(stateId: number, phase: NightView['phase'] = 'bet', id = 'n1', cards: 'deck' | 'table' = 'deck'): AppView {
  const player = (pid: string, name: string) => ({
    id: pid,
    name,
    seat: 1,
    stack: 20,
    boughtIn: 20,
    cashedOut: 0,
    status: 'playing' as const,
    isDealer: false,
    isToAct: false,
    isCutter: false,
    sittingOut: false,
    waitsForNextDeal: false,
  });
  return {
    night: {
      id,
      stateId,
      phase,
      players: [player('zoe', 'Zoë'), player('ann', 'Ann')],
      reopened: 0,
      currency: 'EUR',
      chipValue: 25,
      settings: { cards },
    } as unknown as NightView,
    roster: [],
    lastSetup: null,
    storageNotices: [],
    tableScreen: { kind: 'live' },
    settleMode: 'fewest',
    preferences: { language: 'en', muted: false },
  };
}

/** The phone's bridge as the store sees it, driven by hand. */
function fakeLink() {
  const views = new Set<(view: AppView) => void>();
  const witnessPushes = new Set<(message: unknown) => void>();
  const statuses = new Set<(status: ConnectionStatus) => void>();
  let status: ConnectionStatus = 'connecting';
  let last: number | null = null;
  let closeCode: number | null = null;
  const getTab = vi.fn(async () => ({ ok: true as const, view: nightView(1), data: tab }));
  const helpDeal = vi.fn(async (args: HelpDealArgs) => ({
    ok: true as const,
    view: nightView(1),
    data: { witness: args.witness, head: args.head, from: 'next-deal' },
  }));
  const revealDraws = vi.fn(async (_args: RevealDrawsArgs) => ({ ok: true as const, view: nightView(1), data: { accepted: true } }));
  const verifyNight = vi.fn(async () => ({
    ok: true as const,
    view: nightView(1),
    data: { verified: true, decks: 0, cards: 0, mismatches: [], rules: [] },
  }));
  const getNightToCheck = vi.fn(async (_args: { nightId: string; checker: string }) => ({
    ok: false as const,
    error: { code: 'unknown-night', message: 'gone' },
  }));
  const link = {
    status: () => status,
    onStatus: (l: (s: ConnectionStatus) => void) => (statuses.add(l), () => statuses.delete(l)),
    onView: (l: (v: AppView) => void) => (views.add(l), () => views.delete(l)),
    lastViewAt: () => last,
    lastCloseCode: () => closeCode,
    getTab,
    helpDeal,
    revealDraws,
    verifyNight,
    getNightToCheck,
    onWitness: (l: (m: unknown) => void) => (witnessPushes.add(l), () => witnessPushes.delete(l)),
  } as unknown as PhoneSocketApi;
  return {
    link,
    getTab,
    helpDeal,
    revealDraws,
    verifyNight,
    getNightToCheck,
    witness(message: unknown) {
      for (const l of witnessPushes) l(message);
    },
    push(view: AppView, at = Date.now()) {
      last = at;
      for (const l of views) l(view);
    },
    setStatus(next: ConnectionStatus, code: number | null = null) {
      status = next;
      closeCode = code;
      for (const l of statuses) l(next);
    },
  };
}

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the phone store', () => {
  it("puts the host's views into the table's store, newest kept, and says when the last one came", () => {
    const fake = fakeLink();
    const phone = usePhoneStore();
    phone.connect(fake.link);
    fake.push(nightView(5), 1000);
    fake.push(nightView(4), 2000); // a late reply for an older state changes nothing shown
    expect(useViewStore().night?.stateId).toBe(5);
    expect(phone.lastViewAt).toBe(2000);
  });

  it('shows the connection as the bridge reports it', () => {
    const fake = fakeLink();
    const phone = usePhoneStore();
    phone.connect(fake.link);
    expect(phone.status).toBe('connecting');
    fake.setStatus('open');
    fake.setStatus('reconnecting');
    expect(phone.status).toBe('reconnecting');
  });

  it('M3: asks for the running tab once someone is picked, again when the night ends, and not after every bet', async () => {
    const fake = fakeLink();
    const phone = usePhoneStore();
    phone.connect(fake.link);
    fake.setStatus('open');
    fake.push(nightView(1));
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.getTab).not.toHaveBeenCalled(); // nobody picked: nobody's tab to show

    expect(phone.picking).toBe(true);
    phone.pick('zoe');
    expect(phone.picking).toBe(false);
    await vi.waitFor(() => expect(phone.tab).toEqual(tab));
    expect(fake.getTab).toHaveBeenCalledTimes(1);

    for (let stateId = 2; stateId < 30; stateId++) fake.push(nightView(stateId));
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.getTab).toHaveBeenCalledTimes(1);

    fake.push(nightView(30, 'ended'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.getTab).toHaveBeenCalledTimes(2);

    // Back after a drop: asked again, the host may have marked payments meanwhile.
    fake.setStatus('reconnecting');
    fake.setStatus('open');
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.getTab).toHaveBeenCalledTimes(3);
  });

  it("words nothing itself: the host's refusal or a lost connection is kept for the page to show", async () => {
    const fake = fakeLink();
    fake.getTab.mockResolvedValueOnce({ ok: false, error: { code: 'forbidden-role', message: 'no', params: {} } } as never);
    const phone = usePhoneStore();
    phone.connect(fake.link);
    fake.push(nightView(1));
    phone.pick('zoe');
    await vi.waitFor(() => expect(phone.tabFailure).toMatchObject({ code: 'forbidden-role', message: 'no' }));
    fake.getTab.mockRejectedValueOnce(new Error('The connection to the dealer was lost.'));
    await phone.refreshTab();
    expect(phone.tabFailure).toMatch(/lost/);
  });

  it('says the table is full when the host turned it away for that, or that its link was replaced; back in, it says nothing', () => {
    const fake = fakeLink();
    const phone = usePhoneStore();
    phone.connect(fake.link);
    fake.setStatus('reconnecting', WIRE_CLOSE_TABLE_FULL);
    expect(phone.turnedAway).toBe('table-full');
    fake.setStatus('open');
    expect(phone.turnedAway).toBeNull();
    fake.setStatus('reconnecting', WIRE_CLOSE_LINK_REPLACED);
    expect(phone.turnedAway).toBe('link-replaced');
    fake.setStatus('connecting', 1006);
    expect(phone.turnedAway).toBeNull();
  });

  it('"this is me" is kept in the phone\'s own storage and found again after a reload; "Not me" forgets it', () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    const fake = fakeLink();
    usePhoneStore().connect(fake.link);
    fake.push(nightView(1));
    usePhoneStore().pick('zoe');
    expect(JSON.parse(storage.data.get(ME_STORAGE_KEY)!)).toMatchObject({ last: 'zoe', byNight: { n1: 'zoe' } });

    setActivePinia(createPinia()); // a reload
    const again = fakeLink();
    const phone = usePhoneStore();
    phone.connect(again.link);
    again.push(nightView(2));
    expect(phone.meId).toBe('zoe');
    expect(phone.tabOwnerId).toBe('zoe');
    phone.clear();
    expect(phone.meId).toBeNull();
    expect(phone.picking).toBe(true);
  });

  it('in the lobby the tab shown is that of the player picked last', () => {
    const fake = fakeLink();
    const phone = usePhoneStore();
    phone.connect(fake.link);
    fake.push(nightView(1));
    phone.pick('ann');
    fake.push({ ...nightView(1), night: null });
    expect(phone.meId).toBeNull();
    expect(phone.tabOwnerId).toBe('ann');
    expect(phone.picking).toBe(false);
  });

  it('R34: on a night whose cards the table draws, Help deal is shown and on, the head offered, a reveal request answered and counted', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const fake = fakeLink();
    usePhoneStore().connect(fake.link);
    const help = useHelpDealStore();
    fake.setStatus('open');
    fake.push(nightView(1));
    expect(help.night).toBeNull(); // a shuffled deck: nothing to help with, nothing loaded
    fake.push(nightView(2, 'ready', 'n1', 'table'));
    expect([help.night, help.enabled]).toEqual(['n1', true]);
    await vi.waitFor(() => expect(fake.helpDeal).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(help.state).toBe('next-deal'));
    const offered = fake.helpDeal.mock.calls[0]![0];
    fake.witness({
      kind: 'reveal-request',
      night: 'n1',
      witness: offered.witness,
      request: 1,
      head: offered.head,
      k: 1,
      count: 2,
      waitMs: 1500,
    });
    await vi.waitFor(() => expect(help.helped).toBe(2));
    expect(fake.revealDraws.mock.calls[0]![0].values).toHaveLength(2);

    // Turned off for tonight, kept after a reload.
    help.toggle();
    expect(help.enabled).toBe(false);
    setActivePinia(createPinia());
    const again = fakeLink();
    usePhoneStore().connect(again.link);
    again.push(nightView(3, 'bet', 'n1', 'table'));
    expect(useHelpDealStore().enabled).toBe(false);
  });

  it('R34: "Check this night" on such a night also recomputes the cards on the phone, and says why it could not', async () => {
    const fake = fakeLink();
    const phone = usePhoneStore();
    phone.connect(fake.link);
    fake.push(nightView(9, 'ended', 'n1', 'table'));
    await phone.checkNight();
    expect(fake.verifyNight).toHaveBeenCalledTimes(1);
    expect(fake.getNightToCheck.mock.calls[0]![0]).toMatchObject({ nightId: 'n1' });
    expect(phone.tableCheck).toMatchObject({ code: 'unknown-night' });

    fake.push(nightView(1, 'ended', 'n2', 'deck'));
    await phone.checkNight();
    expect(fake.getNightToCheck).toHaveBeenCalledTimes(1);
  });
});
