import { BrowserWindow, Menu, type MenuItemConstructorOptions } from 'electron';

/**
 * The application menu. Ctrl+Z is deliberately absent: it is the host
 * console's "undo the last action" (R21), handled by the renderer, not the
 * text-editing undo of an Edit menu.
 */
export interface MenuActions {
  isDev: boolean;
  showTable(): void;
  toggleFullScreen(window: BrowserWindow): void;
  /** Whether phones may watch now (the menu is built again when it changes). */
  phonesWatching: boolean;
  /** "Let Phones Watch": the same as the console's W key. */
  setPhoneAccess(on: boolean): void;
  newPhoneLink(): void;
  /**
   * "Look for Updates Between Nights", in the host's language (updateWords.ts);
   * absent where the app is not updated (not packaged, or a portable copy).
   */
  updates?: { label: string; on: boolean; set(on: boolean): void };
}

/** The menu item ids, for tests and for finding the items again. */
const MENU_IDS = { phones: 'let-phones-watch', newPhoneLink: 'new-phone-link', updates: 'update-checks' } as const;

export function buildAppMenu(actions: MenuActions): Menu {
  const isMac = process.platform === 'darwin';
  const focused = (run: (window: BrowserWindow) => void) => (): void => {
    const window = BrowserWindow.getFocusedWindow();
    if (window) run(window);
  };

  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: '&Game',
      submenu: [
        { label: 'Show Table View', accelerator: 'CmdOrCtrl+T', click: () => actions.showTable() },
        { type: 'separator' },
        // The console's W key does the same; the TV then shows the link as a QR code.
        {
          id: MENU_IDS.phones,
          label: 'Let Phones Watch',
          type: 'checkbox',
          checked: actions.phonesWatching,
          click: () => actions.setPhoneAccess(!actions.phonesWatching),
        },
        {
          id: MENU_IDS.newPhoneLink,
          label: 'New Phone Link (Disconnects Phones)',
          enabled: actions.phonesWatching,
          click: () => actions.newPhoneLink(),
        },
        { type: 'separator' },
        ...(actions.updates ? [updatesItem(actions.updates), { type: 'separator' as const }] : []),
        { role: 'quit', accelerator: 'CmdOrCtrl+Q' },
      ],
    },
    {
      // Clipboard shortcuts for the text fields; no undo/redo (see above).
      label: '&Edit',
      submenu: [{ role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { type: 'separator' }, { role: 'selectAll' }],
    },
    {
      label: '&View',
      submenu: [
        { label: 'Toggle Full Screen', accelerator: 'F11', click: focused(actions.toggleFullScreen) },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        ...(actions.isDev ? [{ type: 'separator' as const }, { role: 'reload' as const }, { role: 'toggleDevTools' as const }] : []),
      ],
    },
    { role: 'windowMenu' },
  ];
  return Menu.buildFromTemplate(template);
}

function updatesItem(updates: NonNullable<MenuActions['updates']>): MenuItemConstructorOptions {
  return { id: MENU_IDS.updates, label: updates.label, type: 'checkbox', checked: updates.on, click: () => updates.set(!updates.on) };
}
