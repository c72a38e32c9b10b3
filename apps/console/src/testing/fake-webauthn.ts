import { vi } from 'vitest';

/** Bytes as the browser's WebAuthn answers carry them. */
export const bytes = (...values: number[]) => new Uint8Array(values).buffer;

/**
 * A browser with passkeys (jsdom has none): `navigator.credentials.create` and `.get` answer as a
 * platform authenticator would, with fixed bytes (id `CgsM`), or throw `refusal` (a cancelled
 * prompt is a `NotAllowedError`). Undone by `vi.unstubAllGlobals()` and deleting `credentials`.
 */
export function fakePasskeyBrowser(refusal?: DOMException) {
  const answer = (response: Record<string, unknown>) => async () => {
    if (refusal) throw refusal;
    return {
      id: 'CgsM',
      rawId: bytes(10, 11, 12),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      getClientExtensionResults: () => ({}),
      response,
    };
  };
  const create = vi.fn(
    answer({
      clientDataJSON: bytes(123, 125),
      attestationObject: bytes(255, 254),
      getTransports: () => ['internal'],
    }),
  );
  const get = vi.fn(
    answer({
      clientDataJSON: bytes(123, 125),
      authenticatorData: bytes(1, 2),
      signature: bytes(3),
      userHandle: bytes(117),
    }),
  );
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  Object.defineProperty(navigator, 'credentials', { value: { create, get }, configurable: true });
  return { create, get };
}

/** Takes the fake browser away again. */
export function removeFakePasskeyBrowser() {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'credentials');
}
