import { commandError, type ParsedCommandArgs } from '../../shared';
import { answerQuestion, payDirectory, type Answer, type QuestionName } from '../history';
import { refused, type HandlerMap } from './outcome';
import type { SessionState } from './sessionState';

/** Questions about the history, answered with `data`; nothing changes. Phones' commands are answered around the session. */
export type QuestionCommand = QuestionName | 'setPhoneAccess' | 'newPhoneLink';

const PHONES_UNAVAILABLE = commandError('phones-unavailable', 'This dealer cannot let phones watch: it runs without the LAN listener.');

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
  };
}

/** A question about the history: answered with `data`, nothing changed. */
function answer<Q extends QuestionName>(state: SessionState, question: Q, args: ParsedCommandArgs<Q>): Answer<Q> {
  return answerQuestion(question, args, {
    repo: state.repo,
    index: state.index,
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
