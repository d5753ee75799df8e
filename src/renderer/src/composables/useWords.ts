import { useI18n } from 'vue-i18n';
import type { Announcement, CommandError } from '../../../shared';
import { chips, describeAnnouncement, describeError, describeFailure, type Translate } from '../i18n/describe';
import { useViewStore } from '../stores/view';

/** The translate function plus the wording of what main reports, with player names filled in. */
export function useWords() {
  const { t } = useI18n();
  const view = useViewStore();
  const tr: Translate = (key, named = {}, plural) => (plural === undefined ? t(key, named) : t(key, named, plural));
  const seatedIds = () => (view.night?.players ?? []).filter((p) => p.status !== 'left' && p.stack > 0).map((p) => p.id);

  return {
    t,
    /** `t` as a plain function, for the wording helpers outside components. */
    tr,
    chips: (n: number) => chips(tr, n),
    error: (e: CommandError) => describeError(e, tr),
    failure: (failure: unknown) => describeFailure(failure, tr),
    announcement: (a: Announcement) => describeAnnouncement(a, tr, view.nameOf, seatedIds(), view.night?.turn?.call ?? null),
    percent: (winners: number, remaining: number) => (remaining > 0 ? Math.round((winners / remaining) * 100) : 0),
  };
}
