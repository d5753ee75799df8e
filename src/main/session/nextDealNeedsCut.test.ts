import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type ApiResult, type NightView } from '../../shared';
import { createConfBackend } from '../store/confBackend';
import { GameSession } from './gameSession';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-ready-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function night(result: ApiResult<unknown>): NightView {
  if (!result.ok) throw new Error(`refused: ${result.error.message}`);
  if (!result.view.night) throw new Error('no night');
  return result.view.night;
}

describe('what Enter does when the table is ready ("Press Enter to deal" once brought up the cut)', () => {
  it('R9 R11: the view says when Enter starts a new deal (shuffle and cut) rather than turning the cards', () => {
    const session = new GameSession({ storage: createConfBackend(root) });
    let view = night(
      session.runNow('startNight', {
        players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Zoë' }],
        startingChips: 20,
        chipValue: 0,
        currency: '',
        settings: DEFAULT_RULES,
      }),
    );
    view = night(session.runNow('drawForDealer', { stateId: view.stateId }));
    expect(view.phase).toBe('ready');
    expect(view.nextDealNeedsCut).toBe(true);
    view = night(session.runNow('deal', { stateId: view.stateId }));
    expect(view.phase).toBe('cut');
    expect(view.nextDealNeedsCut).toBe(false);
    view = night(session.runNow('cut', { stateId: view.stateId, cut: 0 }));
    // The cut turns the first cards at once; play the deal's turns and watch each ready prompt.
    let sawPlainDeal = false;
    for (let guard = 0; guard < 40 && !(view.phase === 'ready' && view.nextDealNeedsCut); guard++) {
      if (view.phase === 'bet') view = night(session.runNow('bet', { stateId: view.stateId, amount: 1 }));
      else if (view.phase === 'ace-call') view = night(session.runNow('callAce', { stateId: view.stateId, call: 'high' }));
      else if (view.phase === 'cut') view = night(session.runNow('cut', { stateId: view.stateId, cut: 0 }));
      else if (view.phase === 'ready') {
        sawPlainDeal = true;
        const next = night(session.runNow('deal', { stateId: view.stateId }));
        expect(next.phase).not.toBe('cut');
        view = next;
      }
    }
    expect(sawPlainDeal).toBe(true);
    // The deal passed (R8): Enter now shuffles a new deck for its cut.
    expect(view.nextDealNeedsCut).toBe(true);
    expect(night(session.runNow('deal', { stateId: view.stateId })).phase).toBe('cut');
  });
});
