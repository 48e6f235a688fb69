import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Channel secrets. Slack and webhook URLs carry credentials, so they are stored encrypted
 * (AES-256-GCM) with a key derived from the server's secret; webhook signing secrets are not
 * stored at all but derived from the channel's id and secret version, so every server process
 * computes the same one and nothing readable sits in the database.
 */
export interface ChannelSecrets {
  encryptUrl(url: string): string;
  decryptUrl(sealed: string): string;
  signingSecret(channelId: string, version: number): string;
}

function deriveKey(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'tracklint-alerts', purpose, 32));
}

export function createChannelSecrets(serverSecret: string): ChannelSecrets {
  const urlKey = deriveKey(serverSecret, 'alert-channel-url');
  const signingKey = deriveKey(serverSecret, 'alert-webhook-signing');
  return {
    encryptUrl(url) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', urlKey, iv);
      const body = Buffer.concat([cipher.update(url, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    decryptUrl(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('The channel URL cannot be read; save it again.');
      const decipher = createDecipheriv('aes-256-gcm', urlKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    signingSecret(channelId, version) {
      return 'whsec_' + createHmac('sha256', signingKey).update(`${channelId}:${version}`).digest('base64url');
    },
  };
}

/** The X-Tracklint-Signature value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureHeader(secret: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/** What a person sees of a saved URL: scheme, host and the last four characters. */
export function urlHint(url: string): string {
  const u = new URL(url);
  const tail = (u.pathname + u.search).slice(-4);
  return `${u.protocol}//${u.host}/…${tail}`;
}
