/**
 * Fixed lists the screens need as values. Kept free of zod (the schemas that
 * use them import them from here) so that a page needing only a list, the
 * phone page above all, does not load the schema library with it.
 */

/** The languages of the app. */
export const LANGUAGES = ['en', 'fr', 'it', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** How a buy-in or cash-out was paid (M2). */
export const PAYMENTS = ['cash', 'credit'] as const;

/** How a night is settled (M3): the fewest transfers, or everyone with the bank. */
export const SETTLE_MODES = ['fewest', 'banker'] as const;

/** How a player can be paid at the end of a night (M3); shared/payDetails.ts says what each holds. */
export const PAY_KINDS = ['sepa', 'paypal', 'revolut', 'venmo', 'phone'] as const;
export type PayKind = (typeof PAY_KINDS)[number];

/**
 * The longest name the lobby takes, in characters (an emoji or an accented
 * letter is one). The TV's seat tiles, banner and results are laid out and
 * audited (e2e/browser/tableLayout.spec.ts) for names up to this length.
 */
export const NAME_MAX = 40;

/** A laptop's name in its group (docs/group.md "Names people know"): one line, at most this many characters, as group.json keeps it. */
export const LAPTOP_NAME_MAX = 60;

/** Characters as the host counts them: code points, so an emoji is one, not two UTF-16 units. */
export function nameLength(name: string): number {
  return [...name.trim()].length;
}

/** The longest description of a shared expense (M4), in characters as the host counts them. */
export const EXPENSE_DESCRIPTION_MAX = 60;
