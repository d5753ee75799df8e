import { describe, expect, it } from 'vitest';
import { releaseNumberBox, type FocusScope } from './numberBoxFocus';

/** A page whose focused element is a field with `keys` in its data (the night's number boxes say "screen"). */
function pageFocusedOn(keys: string | undefined) {
  const page: { activeElement: FocusScope['activeElement']; blurred: boolean } = { activeElement: null, blurred: false };
  page.activeElement = {
    dataset: { keys },
    blur: () => {
      page.blurred = true;
      page.activeElement = null;
    },
  };
  return page;
}

describe("the night's number box before the view that removes it", () => {
  it('gives up the focus, so the update removes a box without it', () => {
    const page = pageFocusedOn('screen');
    releaseNumberBox(page);
    expect(page.blurred).toBe(true);
  });

  it('a field the host types into for itself (a name, a menu) keeps the focus', () => {
    const page = pageFocusedOn(undefined);
    releaseNumberBox(page);
    expect(page.blurred).toBe(false);
  });

  it('with nothing focused, or no document at all, nothing happens', () => {
    expect(() => releaseNumberBox({ activeElement: null })).not.toThrow();
    expect(() => releaseNumberBox(undefined)).not.toThrow();
  });
});
