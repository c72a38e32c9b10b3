import { twoFactorMessages } from '@storedesk/shared/auth/two-factor-messages';

/*
 * The browser's side of passkeys (ADR 0049): the server's options (JSON, binary fields in
 * base64url) turned into what `navigator.credentials` takes, and its answer turned back into JSON,
 * as WebAuthn Level 3's `parse…FromJSON` and `toJSON()` do where a browser has them.
 */

type Json = Record<string, unknown>;
type Descriptor = { id: string; type: 'public-key'; transports?: AuthenticatorTransport[] };

const toBytes = (value: string): ArrayBuffer => {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
};

const toBase64url = (buffer: ArrayBuffer): string => {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const descriptors = (list: unknown) =>
  ((list as Descriptor[] | undefined) ?? []).map((entry) => ({ ...entry, id: toBytes(entry.id) }));

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' &&
  typeof window.PublicKeyCredential === 'function' &&
  Boolean(navigator.credentials);

/** What a refused or cancelled browser call means to the person, in the console's words. */
export class PasskeyError extends Error {}

function explain(error: unknown): never {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError')
    throw new PasskeyError(twoFactorMessages.passkeyCancelled);
  if (name === 'InvalidStateError') throw new PasskeyError(twoFactorMessages.passkeyAddedAlready);
  if (name === 'NotSupportedError') throw new PasskeyError(twoFactorMessages.passkeyUnsupported);
  // The relying party does not match the page: opened by IP address, or by a name other than PUBLIC_URL's.
  if (name === 'SecurityError') throw new PasskeyError(twoFactorMessages.passkeyWrongAddress);
  throw error;
}

function credentialJson(credential: PublicKeyCredential, response: Json): Json {
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: 'public-key',
    clientExtensionResults: credential.getClientExtensionResults(),
    ...(credential.authenticatorAttachment
      ? { authenticatorAttachment: credential.authenticatorAttachment }
      : {}),
    response,
  };
}

/** `navigator.credentials.create()` with the server's options; answers the new credential as JSON. */
export async function createPasskey(options: Json): Promise<Json> {
  if (!passkeysSupported()) throw new PasskeyError(twoFactorMessages.passkeyUnsupported);
  const user = options.user as Json & { id: string };
  let credential: PublicKeyCredential;
  try {
    credential = (await navigator.credentials.create({
      publicKey: {
        ...(options as unknown as PublicKeyCredentialCreationOptions),
        challenge: toBytes(options.challenge as string),
        user: { ...(user as unknown as PublicKeyCredentialUserEntity), id: toBytes(user.id) },
        excludeCredentials: descriptors(options.excludeCredentials),
      },
    })) as PublicKeyCredential;
  } catch (error) {
    explain(error);
  }
  const response = credential.response as AuthenticatorAttestationResponse;
  return credentialJson(credential, {
    clientDataJSON: toBase64url(response.clientDataJSON),
    attestationObject: toBase64url(response.attestationObject),
    transports: response.getTransports?.() ?? [],
  });
}

/** `navigator.credentials.get()` with the server's options; answers the signed assertion as JSON. */
export async function getPasskey(options: Json): Promise<Json> {
  if (!passkeysSupported()) throw new PasskeyError(twoFactorMessages.passkeyUnsupported);
  let credential: PublicKeyCredential;
  try {
    credential = (await navigator.credentials.get({
      publicKey: {
        ...(options as unknown as PublicKeyCredentialRequestOptions),
        challenge: toBytes(options.challenge as string),
        allowCredentials: descriptors(options.allowCredentials),
      },
    })) as PublicKeyCredential;
  } catch (error) {
    explain(error);
  }
  const response = credential.response as AuthenticatorAssertionResponse;
  return credentialJson(credential, {
    clientDataJSON: toBase64url(response.clientDataJSON),
    authenticatorData: toBase64url(response.authenticatorData),
    signature: toBase64url(response.signature),
    ...(response.userHandle ? { userHandle: toBase64url(response.userHandle) } : {}),
  });
}
