import { describe, expect, it } from 'vitest';
import { releaseSentBox, type FocusableBox, type FocusScope } from './sentBox';

/** A page with one element that can hold the focus, and the body that holds it otherwise. */
function page(keys: string | undefined) {
  const body = { name: 'body' };
  const scope: { activeElement: FocusableBox | null; body: unknown } = { activeElement: null, body };
  const box: FocusableBox & { isConnected: boolean } = {
    isConnected: true,
    dataset: { keys },
    blur: () => (scope.activeElement = null),
    focus: () => (scope.activeElement = box),
  };
  scope.activeElement = box;
  return { scope: scope as FocusScope & typeof scope, box, body };
}

describe('the number box a command was typed in, while the command is on its way', () => {
  it('gives up the focus at once, so the view that answers removes an unfocused box', () => {
    const { scope } = page('screen');
    releaseSentBox(scope);
    expect(scope.activeElement).toBeNull();
  });

  it('gets the focus back after the answer when it is still on the page (a refused bet): the caret is where the host left it', () => {
    const { scope, box } = page('screen');
    const giveBack = releaseSentBox(scope);
    giveBack();
    expect(scope.activeElement).toBe(box);
  });

  it('a box the answer removed stays without the focus', () => {
    const { scope, box } = page('screen');
    const giveBack = releaseSentBox(scope);
    box.isConnected = false;
    giveBack();
    expect(scope.activeElement).toBeNull();
  });

  it('does not take the focus back from what the host moved it to meanwhile', () => {
    const { scope } = page('screen');
    const giveBack = releaseSentBox(scope);
    const other = page('screen').box;
    scope.activeElement = other;
    giveBack();
    expect(scope.activeElement).toBe(other);
  });

  it('a field the host types into for itself (a name, a menu) keeps the focus while a command is on its way', () => {
    const { scope, box } = page(undefined);
    releaseSentBox(scope)();
    expect(scope.activeElement).toBe(box);
  });

  it('outside a browser (no document) it does nothing', () => {
    expect(() => releaseSentBox(undefined)()).not.toThrow();
  });
});
