import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { PAY_KINDS, type PayKind } from './choices';
import type { Transfer } from './vocabulary';

/**
 * How a player (or the bank, the host's cash box) likes to be paid: all
 * optional. Kept in the roster (the bank's in the settings) on this computer
 * only; main shows a party's details only where that party is owed a
 * transfer (docs/design.md "Paying from the table").
 *
 * - `sepa`: a bank account for a SEPA credit transfer (the EPC QR code).
 * - `paypal`, `revolut`, `venmo`: the name of a PayPal.Me, Revolut.Me or Venmo link.
 * - `phone`: a phone number for the apps that pay by number and have no
 *   public link (Bizum, Satispay, Wero, Lydia).
 */
export { PAY_KINDS, type PayKind } from './choices';

export interface SepaAccount {
  /** The account holder, as the bank knows them (at most 70 characters in an EPC code). */
  name: string;
  /** Electronic format: upper case, no spaces. */
  iban: string;
  /** Empty when the bank needs none (inside the EEA). */
  bic: string;
}

export interface PayDetails {
  sepa?: SepaAccount;
  paypal?: string;
  revolut?: string;
  venmo?: string;
  phone?: string;
}

/** The longest account holder name an EPC code carries (EPC069-12). */
const SEPA_NAME_MAX = 70;

const handle = (what: string) =>
  z
    .string({ error: `a ${what} name is text` })
    .trim()
    .min(1, `a ${what} name cannot be blank`)
    .max(64, `a ${what} name is at most 64 characters`)
    .regex(/^[A-Za-z0-9._-]+$/, `a ${what} name is letters, digits, dots, dashes and underscores (no @, no link)`);

/** The shape of payment details as typed; the IBAN's checksum and the BIC are checked by payDetailsProblem. */
export const payDetailsSchema = z.strictObject({
  sepa: z
    .strictObject({
      name: z
        .string({ error: 'the account holder is text' })
        .trim()
        .min(1, 'a bank account needs its holder’s name')
        .max(SEPA_NAME_MAX, `the account holder is at most ${SEPA_NAME_MAX} characters`),
      iban: z
        .string({ error: 'an IBAN is text' })
        .trim()
        .min(1, 'a bank account needs its IBAN')
        .max(50, 'an IBAN is at most 34 letters and digits'),
      bic: z.string({ error: 'a BIC is text' }).trim().max(14, 'a BIC is 8 or 11 letters and digits').default(''),
    })
    .optional(),
  paypal: handle('PayPal.Me').optional(),
  revolut: handle('Revolut.Me').optional(),
  venmo: handle('Venmo').optional(),
  phone: z
    .string({ error: 'a phone number is text' })
    .trim()
    .regex(/^\+?[0-9][0-9 ]{4,22}$/, 'a phone number is digits, spaces and an optional leading +')
    .optional(),
});

/** As stored: the same fields, not re-checked, so a hand-edited IBAN never sets the whole roster aside. */
export const storedPayDetailsSchema = z.object({
  sepa: z.object({ name: z.string(), iban: z.string(), bic: z.string() }).optional(),
  paypal: z.string().optional(),
  revolut: z.string().optional(),
  venmo: z.string().optional(),
  phone: z.string().optional(),
});

/**
 * SEPA countries outside the EEA, whose accounts are paid with a BIC
 * (EPC069-12 v002 leaves the BIC out only within the EEA).
 */
const BIC_NEEDED = new Set(['AD', 'AL', 'CH', 'GB', 'GG', 'GI', 'IM', 'JE', 'MC', 'MD', 'ME', 'MK', 'RS', 'SM', 'VA']);

/** Why typed payment details are refused; the console words it in its language. */
export type PayProblem =
  | { code: 'bad-iban'; reason: 'format' | 'checksum' | 'not-sepa'; iban: string }
  | { code: 'bad-bic'; reason: 'format' | 'needed'; bic: string };

/** An IBAN as typed ("de89 3704 0044 ...") in electronic format ("DE8937040044..."). */
export function ibanElectronic(text: string): string {
  return electronicFormatIBAN(text) ?? text.replace(/\s+/g, '').toUpperCase();
}

/**
 * What is wrong with an IBAN as typed: its length or letters, its checksum, or a country outside SEPA; null when it is fine.
 * @internal exported for tests only
 */
export function ibanProblem(text: string): 'format' | 'checksum' | 'not-sepa' | null {
  const iban = ibanElectronic(text);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/.test(iban)) return 'format';
  if (!isValidIBAN(iban)) {
    // Moving the first four characters to the end and reading letters as numbers gives 1 mod 97 (ISO 13616) unless a character was mistyped.
    return mod97(iban) === 1 ? 'format' : 'checksum';
  }
  return isSEPACountry(iban.slice(0, 2)) ? null : 'not-sepa';
}

function mod97(iban: string): number {
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest;
}

/** The details as kept: the IBAN and BIC in upper case without spaces, the phone number without spaces, blanks left out. */
export function normalisePayDetails(details: z.output<typeof payDetailsSchema>): PayDetails {
  const kept: PayDetails = {};
  if (details.sepa)
    kept.sepa = {
      name: details.sepa.name,
      iban: ibanElectronic(details.sepa.iban),
      bic: details.sepa.bic.replace(/\s+/g, '').toUpperCase(),
    };
  if (details.paypal) kept.paypal = details.paypal;
  if (details.revolut) kept.revolut = details.revolut;
  if (details.venmo) kept.venmo = details.venmo;
  if (details.phone) kept.phone = details.phone.replace(/\s+/g, '');
  return kept;
}

/** The first thing wrong with the bank account of `details`, or null: the IBAN's checksum (ibantools), then the BIC. */
export function payDetailsProblem(details: PayDetails): PayProblem | null {
  const sepa = details.sepa;
  if (!sepa) return null;
  const iban = ibanProblem(sepa.iban);
  if (iban) return { code: 'bad-iban', reason: iban, iban: sepa.iban };
  const bic = sepa.bic.replace(/\s+/g, '').toUpperCase();
  if (bic !== '' && !isValidBIC(bic)) return { code: 'bad-bic', reason: 'format', bic };
  if (bic === '' && BIC_NEEDED.has(ibanElectronic(sepa.iban).slice(0, 2))) return { code: 'bad-bic', reason: 'needed', bic };
  return null;
}

/** Whether a party has any detail at all. */
export function hasPayDetails(details: PayDetails | undefined): boolean {
  return details !== undefined && PAY_KINDS.some((kind) => details[kind] !== undefined);
}

/** The details with the kinds the host turned off left out. */
export function withoutKinds(details: PayDetails, hidden: readonly PayKind[]): PayDetails {
  const kept: PayDetails = { ...details };
  for (const kind of hidden) delete kept[kind];
  return kept;
}

/**
 * What the screens get for a settling up: the details of each party owed a
 * transfer (player id or `bank`), the kinds the host turned off for that
 * night left out. Nobody else's details are in it.
 */
export interface PayeesView {
  /** The kinds of detail the host turned off for the night (kept with its settle mode). */
  hidden: PayKind[];
  payees: Record<string, PayDetails>;
  /** A night's transfers (in its settle mode) not marked paid (M3): those its codes are drawn for. Absent for the tab, whose debts are all due. */
  due?: Transfer[];
}
