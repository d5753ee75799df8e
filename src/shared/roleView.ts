import type { Role } from './registry';
import type { AppView } from './view';

/**
 * The group belongs to the host's console alone (docs/group-lan.md): the
 * TV and phones never see it, nor which laptops are paired. `group` is the
 * group itself (docs/group.md), `groupLan` the paired laptops; both leave
 * the view before it goes to any other screen.
 */

/** Each view's copy for the screens that only watch, made once per view (the same object every time, so an answer made with it is kept). */
const watchersCopies = new WeakMap<AppView, AppView>();

/** The view as `role` may see it: the console's whole, everyone else's without the console-only fields. */
export function viewForRole(view: AppView, role: Role): AppView {
  if (role === 'host') return view;
  // Nothing to take out (a laptop in no group: `group` is null): the same view, so it is serialised once for every screen.
  if (view.group == null && view.groupLan == null) return view;
  let copy = watchersCopies.get(view);
  if (!copy) {
    const { group: _group, groupLan: _groupLan, ...watchers } = view;
    copy = watchers;
    watchersCopies.set(view, copy);
  }
  return copy;
}
