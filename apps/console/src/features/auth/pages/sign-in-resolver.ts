import { zodResolver } from '@hookform/resolvers/zod';
import { signInRequestSchema } from '@storedesk/shared/auth/schemas';

/** The sign-in form's check, in its own chunk: the sign-in page loads it once it shows. */
export const signInResolver = zodResolver(signInRequestSchema);
