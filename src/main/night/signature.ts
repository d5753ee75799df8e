import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';

/**
 * Ed25519 signatures of what a laptop writes (RULES.md R35, docs/group.md
 * "Signed nights"). node:crypto (OpenSSL) signs in about 30 us and verifies
 * in about 60 us; a pure-JS library is some fifty times slower, which an
 * import of 1,000 nights would feel. The night checker (src/checker) verifies
 * with @noble/curves instead, so the two share no code. Keys travel as 64
 * lowercase hex digits (the raw 32-byte public key, RFC 8032), signatures as
 * 128, so any Ed25519 tool can check them.
 */

/** What signs for one laptop: its id, its public key, and a signature of a statement. */
export interface LaptopSigner {
  readonly laptopId: string;
  /** The raw public key, 64 lowercase hex digits. */
  readonly publicKey: string;
  /** The Ed25519 signature of the statement's UTF-8 bytes, 128 lowercase hex digits. */
  sign(statement: string): string;
}

/**
 * What a laptop signs of a night (R35): its first `lines` lines, whose chain hash is `head`, as written by
 * `laptopId`. The first line names the statement, so no signature of one kind can pass for another.
 */
export function recordStatement(nightId: string, laptopId: string, lines: number, head: string): string {
  return `in-between-dealer/night-record\nnight ${nightId}\nlaptop ${laptopId}\nlines ${lines}\nhead ${head}`;
}

/** DER prefixes of an Ed25519 private key (PKCS#8) and public key (SPKI) around their raw 32 bytes. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const HEX64 = /^[0-9a-f]{64}$/;
const HEX128 = /^[0-9a-f]{128}$/;

/** A new key pair: the public key and the private key's 32-byte seed, each as 64 lowercase hex digits. */
export function newKeyPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKey: rawPublic(publicKey), privateKey: rawPrivate(privateKey) };
}

/** The signer of a laptop from its private key's seed (64 hex digits); throws when it is not one. */
export function signerOf(laptopId: string, privateKey: string): LaptopSigner {
  if (!HEX64.test(privateKey)) throw new Error('a laptop key is 32 bytes of lowercase hex');
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, Buffer.from(privateKey, 'hex')]), format: 'der', type: 'pkcs8' });
  const publicKey = rawPublic(createPublicKey(key));
  return {
    laptopId,
    publicKey,
    sign: (statement) => sign(null, Buffer.from(statement, 'utf8'), key).toString('hex'),
  };
}

/** Public keys parsed once: an import checks many nights of one laptop. */
const publicKeys = new Map<string, KeyObject>();

/** Whether `signature` is the Ed25519 signature of `statement` by `publicKey`; false for anything malformed. */
export function verifySignature(publicKey: string, statement: string, signature: string): boolean {
  if (!HEX64.test(publicKey) || !HEX128.test(signature)) return false;
  let key = publicKeys.get(publicKey);
  if (!key) {
    try {
      key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, Buffer.from(publicKey, 'hex')]), format: 'der', type: 'spki' });
    } catch {
      return false;
    }
    if (publicKeys.size > 256) publicKeys.clear();
    publicKeys.set(publicKey, key);
  }
  return verify(null, Buffer.from(statement, 'utf8'), key, Buffer.from(signature, 'hex'));
}

function rawPublic(key: KeyObject): string {
  return key.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length).toString('hex');
}

function rawPrivate(key: KeyObject): string {
  return key.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8_PREFIX.length).toString('hex');
}

/**
 * What a laptop signs to say who it is in a group (docs/group.md "The
 * laptops map"): its name and public key, for this group and this laptop
 * alone, so an entry copied to another group or another laptop's key does
 * not verify. The first line names the statement, so a signature of it is
 * never one of a night or a manifest. Only the name is free text, and it
 * sits between fixed-shape fields, so no two statements read alike.
 */
export function laptopStatement(groupId: string, laptopId: string, name: string, publicKey: string): string {
  return `in-between-dealer/laptop\n${groupId}\n${laptopId}\n${name}\n${publicKey}`;
}

/** What a laptop's old key signs when it hands over to a new one (a rotation, docs/group.md "Keys that change"). */
export function rotationStatement(groupId: string, laptopId: string, from: string, to: string): string {
  return `in-between-dealer/key-rotation\ngroup ${groupId}\nlaptop ${laptopId}\nfrom ${from}\nto ${to}`;
}

/** What a member signs to revoke another laptop's key (lost or stolen, docs/group.md "Keys that change"). */
export function revocationStatement(groupId: string, laptopId: string, key: string, by: string, at: string): string {
  return `in-between-dealer/key-revocation\ngroup ${groupId}\nlaptop ${laptopId}\nkey ${key}\nby ${by}\nat ${at}`;
}
