import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config.js';

/**
 * Secrets stored at rest (data source passwords): AES-256-GCM with a key derived by HKDF from
 * SECRET_KEY, or from a random key kept in DATA_DIR/secret.key (made on first use, readable by the
 * server's user only). Each value has its own random IV; the tag makes a tampered value refuse to open.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const version = 'v1';

export function createSecretBox(secret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'cellsight', `cellsight ${purpose}`, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${version}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
    },
    open(sealed) {
      const [tag, body] = sealed.split(':');
      if (tag !== version || !body) throw new Error('not a sealed secret');
      const raw = Buffer.from(body, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
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
