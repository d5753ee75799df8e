import type { Role } from './registry';
import type { AppView } from './view';

/**
 * The group belongs to the host's console alone (docs/group-lan.md): the
 * TV and phones never see it, nor which laptops are paired. Fields named
 * here leave the view before it goes to any other screen. `group` is the
 * group itself (docs/group.md), `groupLan` the paired laptops.
 */
const CONSOLE_ONLY_VIEW_FIELDS: readonly string[] = ['group', 'groupLan'];

/** Each view's copy for the screens that only watch, made once per view (the same object every time, so an answer made with it is kept). */
const watchersCopies = new WeakMap<AppView, AppView>();

/** The view as `role` may see it: the console's whole, everyone else's without the console-only fields. */
export function viewForRole(view: AppView, role: Role): AppView {
  if (role === 'host') return view;
  // Nothing to take out (a laptop in no group: `group` is null): the same view, so it is serialised once for every screen.
  if (!CONSOLE_ONLY_VIEW_FIELDS.some((field) => (view as unknown as Record<string, unknown>)[field] != null)) return view;
  let copy = watchersCopies.get(view);
  if (!copy) {
    copy = Object.fromEntries(Object.entries(view).filter(([field]) => !CONSOLE_ONLY_VIEW_FIELDS.includes(field))) as unknown as AppView;
    watchersCopies.set(view, copy);
  }
  return copy;
}
