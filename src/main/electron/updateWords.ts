import type { Language } from '../../shared/choices';

/**
 * What the desktop app says about updates, in the host's language (the
 * console's G key): the menu item that turns the checks on or off, and the
 * question asked between nights before an update is installed.
 */
export interface UpdateWords {
  menuItem: string;
  title: string;
  question: (version: string) => string;
  detail: string;
  install: string;
  notNow: string;
}

export const UPDATE_WORDS: Readonly<Record<Language, UpdateWords>> = {
  en: {
    menuItem: 'Look for Updates Between Nights',
    title: 'Update ready',
    question: (version) => `In-Between Dealer ${version} is ready. Install it now?`,
    detail: 'The app closes and opens again in a moment. Your nights, players and settings stay as they are.',
    install: 'Install and Restart',
    notNow: 'Not Now',
  },
  fr: {
    menuItem: 'Chercher les mises à jour entre les soirées',
    title: 'Mise à jour prête',
    question: (version) => `In-Between Dealer ${version} est prêt. L’installer maintenant ?`,
    detail: 'L’application se ferme et se rouvre dans un instant. Vos soirées, joueurs et réglages restent tels quels.',
    install: 'Installer et redémarrer',
    notNow: 'Plus tard',
  },
  it: {
    menuItem: 'Cerca aggiornamenti tra una serata e l’altra',
    title: 'Aggiornamento pronto',
    question: (version) => `In-Between Dealer ${version} è pronto. Installarlo ora?`,
    detail: 'L’app si chiude e si riapre tra un momento. Serate, giocatori e impostazioni restano come sono.',
    install: 'Installa e riavvia',
    notNow: 'Non ora',
  },
  es: {
    menuItem: 'Buscar actualizaciones entre noches',
    title: 'Actualización lista',
    question: (version) => `In-Between Dealer ${version} está listo. ¿Instalarlo ahora?`,
    detail: 'La aplicación se cierra y se vuelve a abrir en un momento. Tus noches, jugadores y ajustes siguen como están.',
    install: 'Instalar y reiniciar',
    notNow: 'Ahora no',
  },
};
