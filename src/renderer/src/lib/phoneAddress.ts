/**
 * The phones' viewer link as text to type: no scheme, the page's name left to
 * the listener, which serves the phone page at `/`.
 * `http://192.168.1.20:47800/phone.html?token=abc` becomes `192.168.1.20:47800/?token=abc`.
 */
export function shortPhoneLink(link: string): string {
  try {
    const url = new URL(link);
    return `${url.host}/${url.search}`;
  } catch {
    return link;
  }
}
