import { createPinia } from 'pinia';
import { createApp } from 'vue';
import { PageAlternates } from '../api/pageAlternates';
import { createPhoneSocketApi, retryOnWake, socketUrlFor } from '../api/socket';
import { createAppI18n, loadLanguage } from '../i18n';
import { setFormatLocale } from '../lib/money';
import '../styles/base.css';
import { addressWithoutToken } from './address';
import { initialLanguage, LANGUAGE_STORAGE_KEY } from './language';
import PhoneApp from './PhoneApp.vue';
import { phoneStorage, usePhoneStore } from './phoneStore';

/**
 * phone.html: the table on a phone at the table, read only. Its socket asks
 * for the `phone` role with the token of its own link (`?token=VIEWER`; none
 * on loopback), and its bridge has no method that changes anything.
 */
function savedLanguage(): string | null {
  try {
    return phoneStorage()?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

const language = initialLanguage(savedLanguage(), navigator.languages?.length ? navigator.languages : [navigator.language]);
const i18n = createAppI18n('en');

/** Mounts in the phone's language, its words fetched first (English if they cannot be). */
async function mount(): Promise<void> {
  try {
    await loadLanguage(language);
    i18n.global.locale.value = language;
  } catch {
    // Offline between the page and its chunk: English rather than nothing.
  }
  setFormatLocale(i18n.global.locale.value);
  document.documentElement.lang = i18n.global.locale.value;
  app.mount('#app');
}

const app = createApp(PhoneApp);
app.use(createPinia());
app.use(i18n);
void mount();

// R35: should this laptop stop answering, the page looks for its night on the laptops its view names, with its own token.
const alternates = new PageAlternates('phone', window.location);
const ownUrl = socketUrlFor(window.location, 'phone');
const link = createPhoneSocketApi({ url: ownUrl, alternates: () => alternates.urls() });
link.onView((view) => {
  // A laptop paired since this page was served: reloaded from its own laptop, its Content-Security-Policy lets it go there too.
  if (
    view.phones &&
    alternates.seen(view.phones.alternates, view.phones.links[0]) &&
    link.status() === 'open' &&
    link.currentUrl() === ownUrl
  )
    window.location.reload();
});
// The socket has the token now: out of the address bar (a screenshot, a shared tab, the history); a reload
// gets in with the cookie the link left.
const withoutToken = addressWithoutToken(window.location.href);
if (withoutToken !== null) window.history.replaceState(window.history.state, '', withoutToken);
// A phone that slept or lost its Wi-Fi reconnects as soon as it is back, and checks a socket that only looks alive.
retryOnWake({ window, document }, link.retryNow);
usePhoneStore().connect(link);
