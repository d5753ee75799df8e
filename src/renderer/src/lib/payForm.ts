import type { CommandArgs } from '../../../shared';
// Loaded only with the roster's and the tab's payment editors, which the pages load when opened, so the schema library stays off their first load.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { ibanElectronic, payDetailsProblem, type PayDetails } from '../../../shared/payDetails';
import type { Translate } from '../i18n/describe';

/** The payment fields of the roster editor, as typed. */
export interface PayForm {
  holder: string;
  iban: string;
  bic: string;
  paypal: string;
  revolut: string;
  venmo: string;
  phone: string;
}

export const EMPTY_PAY_FORM: PayForm = { holder: '', iban: '', bic: '', paypal: '', revolut: '', venmo: '', phone: '' };

export function payFormOf(details: PayDetails | undefined): PayForm {
  return {
    holder: details?.sepa?.name ?? '',
    iban: details?.sepa?.iban ?? '',
    bic: details?.sepa?.bic ?? '',
    paypal: details?.paypal ?? '',
    revolut: details?.revolut ?? '',
    venmo: details?.venmo ?? '',
    phone: details?.phone ?? '',
  };
}

const HANDLE = /^[A-Za-z0-9._-]{1,64}$/;
const PHONE = /^\+?[0-9][0-9 ]{4,22}$/;

/** Every box of the form without the spaces around what was typed. */
function trimmedForm(form: PayForm): PayForm {
  const trimmed = { ...form };
  for (const key of Object.keys(EMPTY_PAY_FORM) as (keyof PayForm)[]) trimmed[key] = form[key].trim();
  return trimmed;
}

/**
 * The details the form says, checked as main will check them (the IBAN's
 * checksum first), so the host reads what is wrong in the console's
 * language before anything is sent; or the message saying what is wrong.
 */
export function payDetailsOfForm(
  form: PayForm,
  t: Translate,
): { ok: true; pay: CommandArgs<'setPayDetails'>['pay'] } | { ok: false; message: string } {
  const trimmed = trimmedForm(form);
  const pay: CommandArgs<'setPayDetails'>['pay'] = {};
  if (trimmed.holder || trimmed.iban || trimmed.bic) {
    if (!trimmed.holder) return { ok: false, message: t('pay.editor.needHolder') };
    pay.sepa = { name: trimmed.holder, iban: trimmed.iban, bic: trimmed.bic };
    const problem = payDetailsProblem({ sepa: { name: trimmed.holder, iban: trimmed.iban, bic: trimmed.bic } });
    if (problem?.code === 'bad-iban')
      return { ok: false, message: t('errors.bad-iban', { iban: ibanElectronic(trimmed.iban), why: t(`pay.ibanWhy.${problem.reason}`) }) };
    if (problem?.code === 'bad-bic')
      return { ok: false, message: t('errors.bad-bic', { why: t(`pay.bicWhy.${problem.reason}`, { bic: problem.bic }) }) };
  }
  for (const kind of ['paypal', 'revolut', 'venmo'] as const) {
    if (!trimmed[kind]) continue;
    if (!HANDLE.test(trimmed[kind])) return { ok: false, message: t('pay.editor.badHandle') };
    pay[kind] = trimmed[kind];
  }
  if (trimmed.phone) {
    if (!PHONE.test(trimmed.phone)) return { ok: false, message: t('pay.editor.badPhone') };
    pay.phone = trimmed.phone;
  }
  return { ok: true, pay };
}

/** Whether the form says something other than the details kept (compared as main keeps them). */
export function payFormChanged(form: PayForm, kept: PayDetails | undefined): boolean {
  const was = payFormOf(kept);
  const norm = (f: PayForm) =>
    JSON.stringify({
      ...f,
      iban: f.iban.replace(/\s+/g, '').toUpperCase(),
      bic: f.bic.replace(/\s+/g, '').toUpperCase(),
      phone: f.phone.replace(/\s+/g, ''),
    });
  return norm(trimmedForm(form)) !== norm(trimmedForm(was));
}
