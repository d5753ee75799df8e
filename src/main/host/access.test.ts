import { describe, expect, it } from 'vitest';
import { grantRole, type Credential } from './access';

describe('the role a socket gets', () => {
  it('gives a paired laptop its sync role only, whatever it asks for', () => {
    expect(grantRole('peer', null)).toEqual({ ok: true, role: 'peer' });
    expect(grantRole('peer', 'peer')).toEqual({ ok: true, role: 'peer' });
    for (const asked of ['host', 'table', 'phone']) expect(grantRole('peer', asked)).toEqual({ ok: false, status: 403 });
  });

  it('never gives the sync role to the console, a TV or a phone, nor to this computer without a key', () => {
    for (const credential of ['trusted', 'host', 'viewer'] satisfies Credential[]) {
      expect(grantRole(credential, 'peer')).toEqual({ ok: false, status: 403 });
    }
    expect(grantRole(null, 'peer')).toEqual({ ok: false, status: 401 });
  });

  it('still turns a console asked for with the viewer token into a phone', () => {
    expect(grantRole('viewer', 'host')).toEqual({ ok: true, role: 'phone' });
    expect(grantRole('host', null)).toEqual({ ok: true, role: 'host' });
  });
});
