/**
 * A number box of the night that a view removes (`data-keys="screen"`: the
 * cut) gives up the focus before that view is drawn. The bet box is hidden
 * instead, never removed (PhasePanel.vue): Chromium takes the focus off a
 * hidden field after the frame, which costs the update nothing.
 *
 * Chromium, when it removes the element that has the focus, blurs it and lays
 * the page out there and then: in the middle of Vue's update, with half the
 * page already changed, so the console showed a bet's outcome a whole style
 * and layout pass later than the TV. Given up just before the update, while
 * the page is still laid out, the focus costs a fraction of a millisecond and
 * the update removes a box without it. Not on Enter: the console would then
 * redraw the box unfocused while the host answers, and the view arriving
 * would wait for that frame.
 */

/** What has the focus, as far as this needs: a page's focused element, or a stand-in in tests. */
interface FocusedField {
  readonly dataset?: Record<string, string | undefined>;
  blur(): void;
}

/** The part of `document` this needs, so it can be tested without a browser. */
export interface FocusScope {
  readonly activeElement: Element | FocusedField | null;
}

/** Blurs the screen's number box if it has the focus; a field the host types into for itself (a name, a menu) keeps it. */
export function releaseNumberBox(scope: FocusScope | undefined = typeof document === 'undefined' ? undefined : document): void {
  const focused = scope?.activeElement;
  if (!focused || !('dataset' in focused) || !('blur' in focused)) return;
  if (focused.dataset?.keys === 'screen') focused.blur();
}
