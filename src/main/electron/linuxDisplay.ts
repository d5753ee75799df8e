/**
 * Linux under Wayland (docs/design.md "Two windows, four roles"): a native Wayland client
 * cannot choose where its windows go, so the table could not be put on the
 * TV. Our choice: when XWayland is there (a `DISPLAY` beside the Wayland
 * session, as on every mainstream desktop), run through X11 with
 * `--ozone-platform=x11`, where placing windows works; without XWayland, stay
 * native and let the host drag the table to the TV and press F11 (the table
 * is then never moved by display events).
 *
 * The host can choose for themselves with `--ozone-platform=...` on the
 * command line, or keep native Wayland with DEALER_NATIVE_WAYLAND=1.
 */
export interface DisplayBackendInput {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** The value of `--ozone-platform` on the command line, '' when not given. */
  ozonePlatform: string;
}

export interface DisplayBackend {
  /** Append `--ozone-platform=x11` before the app is ready. */
  forceX11: boolean;
  /** Whether the app can place its windows (false on native Wayland). */
  canPlaceWindows: boolean;
}

function isWaylandSession(env: NodeJS.ProcessEnv): boolean {
  return env['XDG_SESSION_TYPE'] === 'wayland' || Boolean(env['WAYLAND_DISPLAY']);
}

export function chooseDisplayBackend({ platform, env, ozonePlatform }: DisplayBackendInput): DisplayBackend {
  if (platform !== 'linux' || !isWaylandSession(env)) return { forceX11: false, canPlaceWindows: true };
  // The host chose: X11 places windows, anything else on a Wayland session is native Wayland.
  if (ozonePlatform !== '') return { forceX11: false, canPlaceWindows: ozonePlatform === 'x11' };
  const xwayland = Boolean(env['DISPLAY']);
  if (xwayland && env['DEALER_NATIVE_WAYLAND'] !== '1') return { forceX11: true, canPlaceWindows: true };
  return { forceX11: false, canPlaceWindows: false };
}
