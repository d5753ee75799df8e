import { join } from 'node:path';
import { seededByteStream } from '../../src/main/host/cli';
import { phonesDealer, type PhonesDealer } from '../../src/main/host/testing/phonesDealer';
import { createConfBackend } from '../../src/main/store/confBackend';

/** The phones' benches' dealer: a session on `dataDir/data` dealing repeatable cards from `seed`, its phones' listener on loopback. */
export function loopbackPhonesDealer(dataDir: string, rendererDir: string, seed: string): Promise<PhonesDealer> {
  return phonesDealer(
    { storage: createConfBackend(join(dataDir, 'data')), randomBytes: seededByteStream(Buffer.from(seed).toString('hex')) },
    { rendererDir, ports: [0], listenAddress: '127.0.0.1', addresses: () => ['127.0.0.1'] },
  );
}

/** Lets phones watch, as the console's W does, and gives the phones' link. */
export async function phonesLink(service: PhonesDealer): Promise<string> {
  const on = await service.run('host', 'setPhoneAccess', { on: true });
  const link = on.ok ? on.view.phones?.links[0] : undefined;
  if (!link) throw new Error('the phones listener did not start');
  return link;
}
