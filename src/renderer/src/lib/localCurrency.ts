import countryToCurrency from 'country-to-currency';

/**
 * The currency of the host's country, from the system's locale as the
 * browser reports it ("fr-FR" is France, EUR; "en-GB" is GBP): a language
 * alone stands for its likeliest country ("it" is Italy). Null when the
 * locale names no country that has a currency, or is not a locale at all.
 */
export function localCurrency(locale: string): string | null {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    return null;
  }
  if (!region) return null;
  return (countryToCurrency as Readonly<Record<string, string>>)[region] ?? null;
}
