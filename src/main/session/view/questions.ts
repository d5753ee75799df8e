import { commandError, type ParsedCommandArgs } from '../../../shared';
import { answerQuestion, payDirectory, type Answer, type QuestionName } from '../../history';
import { historyIndex } from '../domains/groupDomain';
import { refused, type HandlerMap } from '../outcome';
import type { SessionState } from '../sessionState';

/** Questions about the history, answered with `data`; nothing changes. Phones' commands are answered around the session. */
export type QuestionCommand = QuestionName | 'setPhoneAccess' | 'newPhoneLink' | GroupLanCommand;
/** Laptop to laptop (docs/group-lan.md): answered around the session too (group/groupLanService.ts). */
type GroupLanCommand = 'groupPairStart' | 'groupPairJoin' | 'groupUnpair' | 'groupPeerClaim' | 'groupPeerManifest' | 'groupPeerFiles';

const PHONES_UNAVAILABLE = commandError('phones-unavailable', 'This dealer cannot let phones watch: it runs without the LAN listener.');
const GROUP_LAN_UNAVAILABLE = commandError(
  'group-lan-unavailable',
  'This dealer cannot pair with another laptop: it runs without the group listener.',
);

export function questionHandlers(state: SessionState): HandlerMap<QuestionCommand> {
  const ask =
    <Q extends QuestionName>(question: Q) =>
    (args: ParsedCommandArgs<Q>) =>
      answer(state, question, args);
  return {
    getTab: ask('getTab'),
    exportTab: ask('exportTab'),
    getPayDetails: ask('getPayDetails'),
    listNights: ask('listNights'),
    getNight: ask('getNight'),
    getStandings: ask('getStandings'),
    verifyNight: ask('verifyNight'),
    getNightToCheck: ask('getNightToCheck'),
    exportNight: ask('exportNight'),
    backup: ask('backup'),
    // Phones watch through a LAN listener around the session (host/phoneService.ts), which answers these first.
    setPhoneAccess: () => refused(PHONES_UNAVAILABLE),
    newPhoneLink: () => refused(PHONES_UNAVAILABLE),
    groupPairStart: () => refused(GROUP_LAN_UNAVAILABLE),
    groupPairJoin: () => refused(GROUP_LAN_UNAVAILABLE),
    groupUnpair: () => refused(GROUP_LAN_UNAVAILABLE),
    groupPeerClaim: () => refused(GROUP_LAN_UNAVAILABLE),
    groupPeerManifest: () => refused(GROUP_LAN_UNAVAILABLE),
    groupPeerFiles: () => refused(GROUP_LAN_UNAVAILABLE),
  };
}

/** A question about the history: answered with `data`, nothing changed. */
function answer<Q extends QuestionName>(state: SessionState, question: Q, args: ParsedCommandArgs<Q>): Answer<Q> {
  return answerQuestion(question, args, {
    repo: state.repo,
    // The group's nights count like this laptop's own (docs/group.md); a backup holds this laptop's only.
    index: question === 'backup' ? state.index : historyIndex(state),
    readGroupNight: (nightId) => state.group?.readGroupNight(nightId) ?? null,
    roster: state.roster,
    now: state.now(),
    paidTransfers: state.paidTransfers,
    settleModes: state.settleModes,
    live: state.night,
    merges: state.merges,
    pay: { directory: payDirectory(state.roster, state.settings.bankPay), hidden: state.hiddenPay },
    endedAnswers: state.endedAnswers,
  });
}
