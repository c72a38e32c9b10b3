/*
 * Two-step sign-in's rules and words (B15, ADR 0044), written once for the server and the console,
 * in a module without zod so that the sign-in page's second step loads none.
 */

/** Two-step sign-in (B15, ADR 0044): the rules both sides share. */
export const twoFactorRules = {
  /** Digits of an authenticator app's code (RFC 6238). */
  codeDigits: 6,
  /** Seconds one code stands for. */
  stepSeconds: 30,
  /** Recovery codes made at a time, each usable once. */
  recoveryCodeCount: 10,
  /** A second step must follow the password within this long. */
  challengeMs: 5 * 60 * 1000,
  /** Wrong codes one challenge takes before it is dead. */
  challengeFailures: 5,
  /** Passkeys one person may have (ADR 0049). */
  passkeysMax: 10,
  /** Characters of a passkey's name. */
  passkeyNameMax: 60,
} as const;

/** What the two-step endpoints say, shared so the console shows the same words. */
export const twoFactorMessages = {
  codeWrong: 'That code is not correct',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  alreadyOn: 'Two-step sign-in is already on',
  notOn: 'Two-step sign-in is not on',
  noPendingSecret: 'Start again: set up two-step sign-in to get a new secret',
  enrolmentRequired: 'Your business requires two-step sign-in. Set it up to continue.',
  requiredByBusiness: 'Your business requires two-step sign-in, so it cannot be turned off',
  passkeyNotAccepted: 'That passkey was not accepted. Try again, or sign in with your password.',
  passkeyNotAdded: 'The passkey could not be added. Please try again.',
  passkeyAddedAlready: 'That passkey is added already',
  passkeysFull: `You have ${twoFactorRules.passkeysMax} passkeys. Remove one to add another.`,
  passkeyCancelled: 'No passkey was used. Try again when you are ready.',
  passkeyUnsupported: 'This browser cannot use passkeys',
  passkeyWrongAddress:
    'Passkeys work only at the console’s own address. Open the console by its name, not an IP address.',
  noPasskeys: 'You have no passkeys. Use a code instead.',
} as const;
