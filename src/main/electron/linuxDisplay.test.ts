import { describe, expect, it } from 'vitest';
import { chooseDisplayBackend } from './linuxDisplay';

describe('Linux display backend: the table must reach the TV', () => {
  it('on Wayland with XWayland, runs through X11 so the table can be placed', () => {
    expect(chooseDisplayBackend({ platform: 'linux', env: { XDG_SESSION_TYPE: 'wayland', DISPLAY: ':0' }, ozonePlatform: '' })).toEqual({
      forceX11: true,
      canPlaceWindows: true,
    });
    expect(
      chooseDisplayBackend({ platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':1' }, ozonePlatform: '' }).forceX11,
    ).toBe(true);
  });

  it('on Wayland without XWayland (or when asked), stays native and leaves placing to the host', () => {
    expect(chooseDisplayBackend({ platform: 'linux', env: { XDG_SESSION_TYPE: 'wayland' }, ozonePlatform: '' })).toEqual({
      forceX11: false,
      canPlaceWindows: false,
    });
    expect(
      chooseDisplayBackend({
        platform: 'linux',
        env: { XDG_SESSION_TYPE: 'wayland', DISPLAY: ':0', DEALER_NATIVE_WAYLAND: '1' },
        ozonePlatform: '',
      }),
    ).toEqual({ forceX11: false, canPlaceWindows: false });
  });

  it("the host's own --ozone-platform wins", () => {
    const env = { XDG_SESSION_TYPE: 'wayland', DISPLAY: ':0' };
    expect(chooseDisplayBackend({ platform: 'linux', env, ozonePlatform: 'wayland' })).toEqual({ forceX11: false, canPlaceWindows: false });
    expect(chooseDisplayBackend({ platform: 'linux', env, ozonePlatform: 'x11' })).toEqual({ forceX11: false, canPlaceWindows: true });
  });

  it('X11 sessions, macOS and Windows are left alone', () => {
    expect(chooseDisplayBackend({ platform: 'linux', env: { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0' }, ozonePlatform: '' })).toEqual({
      forceX11: false,
      canPlaceWindows: true,
    });
    for (const platform of ['darwin', 'win32'] as const) {
      expect(chooseDisplayBackend({ platform, env: { WAYLAND_DISPLAY: 'x' }, ozonePlatform: '' })).toEqual({
        forceX11: false,
        canPlaceWindows: true,
      });
    }
  });
});
