import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for tests: an ES256 key pair and the WebAuthn responses a
 * browser would hand over (attestation 'none'), built by hand so tests can also build the ones a
 * browser never would (another origin, another RP ID, a replay). Test code, not product crypto.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly cose: Uint8Array;
  private counter = 0;

  constructor(private readonly userHandle?: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]),
    );
  }

  get id() {
    return this.credentialId.toString('base64url');
  }

  private authData(rpId: string, withCredential: boolean) {
    // User present, user verified (and attested credential data when registering).
    const flags = 0x01 | 0x04 | (withCredential ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const parts = [createHash('sha256').update(rpId).digest(), Buffer.from([flags]), count];
    if (withCredential) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), idLength, this.credentialId, Buffer.from(this.cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** A RegistrationResponseJSON for these options. */
  register(options: { challenge: string; rp: { id?: string } }, origin: string, rpId = options.rp.id ?? '') {
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(this.authData(rpId, true))],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, origin).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /** An AuthenticationResponseJSON for these options; the counter moves forward unless `sameCounter`. */
  assert(
    options: { challenge: string; rpId?: string },
    origin: string,
    opts: { rpId?: string; sameCounter?: boolean } = {},
  ) {
    if (!opts.sameCounter) this.counter++;
    const authenticatorData = this.authData(opts.rpId ?? options.rpId ?? '', false);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authenticatorData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(this.userHandle ? { userHandle: Buffer.from(this.userHandle).toString('base64url') } : {}),
      },
    };
  }
}
