import type { RuleSettings } from '../../../shared/settings';
import type { Translate } from '../i18n/describe';

/** One rule in force, in plain words: what it is called and what it does tonight. */
export interface RuleLine {
  /** The setting's name in docs/rules.md (`decks`, `pair`, ...), or `bet`/`third`/`chipValue` for the rules every night shares. */
  id: string;
  title: string;
  text: string;
}

/**
 * Every setting of a night (as chosen) in plain words, for the rules screen
 * on the console and the TV. Settings this screen does not know yet (added
 * to the contract later) are still listed, by name and value, rather than
 * silently left out.
 */
export function rulesInForce(settings: RuleSettings, t: Translate, money: { chipValue: number; text: string } | null = null): RuleLine[] {
  const lines: RuleLine[] = [];
  const known = new Set<string>();
  const add = (id: string, text: string) => {
    known.add(id);
    lines.push({ id, title: t(`rulesScreen.titles.${id}`), text });
  };
  /** The words for a value, or the value itself for one this screen has no words for yet (vue-i18n answers a missing key with the key). */
  const valueText = (key: string, value: unknown) => {
    const text = t(key);
    return text === key ? String(value) : text;
  };
  add('decks', t('rulesScreen.decks', { n: settings.decks }, settings.decks));
  add('ante', t('rulesScreen.ante', { n: settings.ante }, settings.ante));
  // R27: with a house limit, P bets the largest bet it allows, not the pot.
  add('bet', t(settings.maxBet !== null || settings.firstRound === 'half-pot' ? 'rulesScreen.betLimited' : 'rulesScreen.bet'));
  add('third', t('rulesScreen.third'));
  add('aceLowChoice', t(settings.aceLowChoice ? 'rulesScreen.aceLowOn' : 'rulesScreen.aceLowOff'));
  add('pair', valueText(`rulesScreen.pair.${settings.pair}`, settings.pair));
  add('consecutive', valueText(`rulesScreen.consecutive.${settings.consecutive}`, settings.consecutive));
  add('postPays', t('rulesScreen.post', { n: settings.postPays }, settings.postPays));
  add('potAtEnd', valueText(`rulesScreen.potAtEnd.${settings.potAtEnd}`, settings.potAtEnd));
  add('pass', t(settings.pass ? 'rulesScreen.passOn' : 'rulesScreen.passOff'));
  add('maxBet', settings.maxBet === null ? t('rulesScreen.maxBetNone') : t('rulesScreen.maxBet', { n: settings.maxBet }, settings.maxBet));
  add('firstRound', valueText(`rulesScreen.firstRound.${settings.firstRound}`, settings.firstRound));
  add('anteWhen', valueText(`rulesScreen.anteWhen.${settings.anteWhen}`, settings.anteWhen));
  add('cards', valueText(`rulesScreen.cards.${settings.cards}`, settings.cards));
  // R34: the wait for the phones matters only when they help deal.
  if (settings.cards === 'table') add('revealWaitMs', t('rulesScreen.revealWait', { n: settings.revealWaitMs }));
  else known.add('revealWaitMs');
  if (money) {
    add('chipValue', money.chipValue > 0 ? t('rulesScreen.chipValue', { value: money.text }) : t('rulesScreen.forFun'));
  }
  for (const [id, value] of Object.entries(settings as Record<string, unknown>)) {
    if (!known.has(id)) lines.push({ id, title: id, text: JSON.stringify(value) });
  }
  return lines;
}
