import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * OVOS's `websocket.secret_key`: every bus message is AES-GCM encrypted with the key (its UTF-8 bytes) and sent as
 * `{"ciphertext","tag","nonce"}` in hex (ovos-bus-client's `encrypt_as_dict`); a frame without a tag carries it
 * in the last 16 bytes of the ciphertext (Web Crypto's layout). Clients holding the key refuse plain frames.
 */
export class BusSecret {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    const key = Buffer.from(secretKey, 'utf8');
    if (![16, 24, 32].includes(key.length))
      throw new Error(`The bus secret key must be 16, 24 or 32 bytes long (AES), not ${key.length}.`);
    this.key = key;
  }

  /** A serialized message -> the encrypted frame. 16-byte nonce, as pycryptodome's GCM default. */
  encrypt(plain: string): string {
    const nonce = randomBytes(16);
    const cipher = createCipheriv(this.algorithm(), this.key, nonce);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return JSON.stringify({
      ciphertext: ciphertext.toString('hex'),
      tag: cipher.getAuthTag().toString('hex'),
      nonce: nonce.toString('hex'),
    });
  }

  /** The plain message of an encrypted frame; throws when it is not one or was not made with this key. */
  decrypt(frame: unknown): string {
    const f = frame as { ciphertext?: unknown; tag?: unknown; nonce?: unknown } | null;
    if (!f || typeof f !== 'object' || typeof f.ciphertext !== 'string' || typeof f.nonce !== 'string')
      throw new Error('not encrypted with the bus secret key');
    let ciphertext = Buffer.from(f.ciphertext, 'hex');
    let tag: Buffer;
    if (typeof f.tag === 'string') tag = Buffer.from(f.tag, 'hex');
    else {
      tag = ciphertext.subarray(ciphertext.length - 16);
      ciphertext = ciphertext.subarray(0, ciphertext.length - 16);
    }
    if (tag.length !== 16) throw new Error('not encrypted with the bus secret key (bad tag)');
    try {
      const decipher = createDecipheriv(this.algorithm(), this.key, Buffer.from(f.nonce, 'hex'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new Error('decryption failed: a different bus secret key?');
    }
  }

  private algorithm(): 'aes-128-gcm' | 'aes-192-gcm' | 'aes-256-gcm' {
    return `aes-${this.key.length * 8}-gcm` as 'aes-128-gcm';
  }
}

/** Does a parsed frame look like an encrypted bus message? */
export function isEncryptedFrame(frame: unknown): boolean {
  return !!frame && typeof frame === 'object' && typeof (frame as { ciphertext?: unknown }).ciphertext === 'string';
}
