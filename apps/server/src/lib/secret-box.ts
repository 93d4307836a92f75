import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config.js';

/**
 * Secrets stored at rest (data source passwords, gateway route headers): AES-256-GCM with a key
 * derived by HKDF from SECRET_KEY, or from a random key kept in DATA_DIR/secret.key (made on first
 * use, readable by the server's user only). Each value has its own random IV; the tag makes a
 * tampered value refuse to open. A secret sealed for an address (`boundTo`: where it may be sent)
 * opens only for that same address: the address is authenticated with it, so a stored secret
 * cannot be made to follow its record to another server.
 */
export interface SecretBox {
  seal(plain: string, boundTo: string): string;
  /** Throws when the value was tampered with, sealed with another key or bound to another address. */
  open(sealed: string, boundTo: string): string;
}

/** v1: no address (values stored before secrets were bound; still read); v2: bound to one. */
const version = 'v2';

export function createSecretBox(secret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'cellsight', `cellsight ${purpose}`, 32));
  return {
    seal(plain, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${version}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
    },
    open(sealed, boundTo) {
      const [tag, body] = sealed.split(':');
      if ((tag !== 'v1' && tag !== version) || !body) throw new Error('not a sealed secret');
      const raw = Buffer.from(body, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      if (tag === version) decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** SECRET_KEY, or the key file under the data directory (created with a random key when missing). */
export function secretKeyOf(config: Pick<Config, 'secretKey' | 'dataDir'>): string {
  if (config.secretKey) return config.secretKey;
  const file = resolve(config.dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    // 'wx': two processes starting at once cannot both write one.
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}
