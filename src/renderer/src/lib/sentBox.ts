/**
 * The number box a command was typed in, while that command is on its way.
 *
 * Enter sends what the night's number box (`data-keys="screen"`: the bet, the
 * cut, a buy-in) holds, and the view that answers usually removes the box.
 * Chromium, when it removes the element that has the focus, blurs it and lays
 * the page out there and then: in the middle of Vue's update, with half the
 * page already changed, so the console showed the bet's outcome a full style
 * and layout pass later than the TV. Released as soon as the command is sent,
 * the box gives up the focus while the page is still laid out and the console
 * is only waiting for the host; the update then removes an unfocused box.
 */

/** The part of `document` this needs, so the rule can be tested without a browser. */
export interface FocusScope {
  readonly activeElement: FocusableBox | null;
  readonly body: unknown;
}

export interface FocusableBox {
  readonly isConnected: boolean;
  readonly dataset?: Record<string, string | undefined>;
  blur(): void;
  focus(): void;
}

/**
 * Takes the focus from the screen's number box, if it has it, and returns
 * how to give it back: once the answer is in, the box gets the focus again
 * when it is still on the page and nothing else has taken the focus (a
 * refused bet, an undo that stays in the same step), so the host's caret
 * never goes missing from a box that is still there.
 */
export function releaseSentBox(scope: FocusScope | undefined = typeof document === 'undefined' ? undefined : (document as unknown as FocusScope)): () => void {
  const box = scope?.activeElement;
  if (!scope || !box || box.dataset?.keys !== 'screen') return () => undefined;
  box.blur();
  return () => {
    const focused = scope.activeElement;
    if (box.isConnected && (focused === null || focused === scope.body)) box.focus();
  };
}
