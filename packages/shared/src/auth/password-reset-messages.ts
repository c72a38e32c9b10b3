/**
 * What forgot / reset password say (B8), written once for the server, the console and the
 * delivery app (which loads no zod, hence a module of their own).
 */
export const passwordResetMessages = {
  /** The one answer to a forgot-password request, whether or not the account exists. */
  sent: 'If an account uses this e-mail, a link to reset its password is on its way.',
  expired: 'This link has expired. Ask for a new one.',
  used: 'This link has already been used.',
  invalid: 'This link is not valid.',
  tooMany: 'Too many requests from one place. Please try again later.',
  confirmMismatch: 'Confirm password should be same as password',
} as const;
