import { z } from 'zod';
import { messages } from '../messages.ts';
import { requiredLine } from '../text.ts';
import { twoFactorRules } from './two-factor-messages.ts';

/*
 * Passkeys (WebAuthn) of staff (B15, ADR 0049): registered on the Account page, then a second step
 * after the password or a way in of their own. The browser's credential travels as the JSON of the
 * WebAuthn Level 3 `toJSON()`: binary fields in base64url.
 */

const base64url = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

const credentialBase = {
  id: base64url(1400).min(1, messages.isRequired),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What `navigator.credentials.create()` made, as JSON. */
export const registrationCredentialSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16384),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});
export type RegistrationCredential = z.infer<typeof registrationCredentialSchema>;

/** What `navigator.credentials.get()` answered, as JSON. */
export const authenticationCredentialSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    userHandle: base64url(128).optional(),
  }),
});
export type AuthenticationCredential = z.infer<typeof authenticationCredentialSchema>;

/**
 * The options for the browser's WebAuthn call (`PublicKeyCredentialCreationOptionsJSON` or
 * `…RequestOptionsJSON`), to pass on as they are.
 */
export const webauthnOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });
export type WebauthnOptions = z.infer<typeof webauthnOptionsSchema>;

export const passkeyNameSchema = requiredLine(twoFactorRules.passkeyNameMax);

/** POST /api/account/passkeys: the name the person gives it, and the browser's new credential. */
export const addPasskeySchema = z.object({
  name: passkeyNameSchema,
  credential: registrationCredentialSchema,
});
export type AddPasskey = z.input<typeof addPasskeySchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** POST /api/auth/passkey: signing in with a passkey alone. */
export const passkeySignInSchema = z.object({ credential: authenticationCredentialSchema });

const challengeSchema = z.string().min(1, messages.isRequired).max(200, 'must be at most 200 characters');

/** POST /api/auth/two-factor/passkey/options: after the password, the options for the person's passkeys. */
export const twoFactorPasskeyOptionsSchema = z.object({ challenge: challengeSchema });

/** POST /api/auth/two-factor/passkey: the second step with a passkey. */
export const twoFactorPasskeySignInSchema = z.object({
  challenge: challengeSchema,
  credential: authenticationCredentialSchema,
});
