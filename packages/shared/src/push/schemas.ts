import { z } from 'zod';
import { listQuerySchema } from '../lists.ts';
import { messages } from '../messages.ts';
import { requiredLine } from '../text.ts';

/**
 * Push notifications to customers (D12, D13).
 *
 * The console: `POST /api/push-notifications` {title, message} (owner only)
 * answers 202 with the send as recorded, status 'sending'; the server delivers
 * it in the background and records delivered and failed as it goes;
 * `GET /api/push-notifications` lists the sends, newest first.
 *
 * The customer app: `GET /api/storefront/push/public-key` gives the VAPID
 * public key to pass to `pushManager.subscribe({ applicationServerKey })`;
 * `POST /api/storefront/push-subscriptions` registers the PushSubscription
 * the browser made (its `toJSON()`), `DELETE` with {endpoint} removes it. Each
 * push carries the JSON payload {title, body} (`PushPayload`), for the service
 * worker's `showNotification(title, { body })`.
 */

export const pushLimits = {
  titleMax: 100,
  messageMax: 1000,
  /** Push services' endpoints are well under this; a longer one is not a push service's. */
  endpointMax: 2048,
} as const;

export const pushMessages = {
  noSubscribers: 'No customer has allowed notifications yet',
  endpointNotUrl: 'must be an absolute URL',
  endpointNotHttps: 'must be an https URL',
  endpointCredentials: 'must not carry a user name or password',
  endpointPrivateHost: 'must be on a public host, not a private, loopback or local address',
  p256dh: 'must be the base64url encoding of an uncompressed P-256 public key (65 bytes)',
  auth: 'must be the base64url encoding of a 16-byte secret',
  unknownSubscription: 'This subscription is not registered',
  tooManySubscriptionChanges:
    'Too many subscription changes from one place in a short time. Please try again in a minute.',
} as const;

/** What the service worker receives in each push, as JSON. */
export type PushPayload = {
  title: string;
  body: string;
  /** The customer app's page it is about (an order's news), opened when the notification is tapped. */
  url?: string;
};

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlExceptLineBreaksAndTabs = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Text of several lines: line breaks as \n, trimmed, at most `max` characters, no other control characters. */
function requiredText(max: number) {
  return z
    .string({ error: messages.isRequired })
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, messages.isRequired)
        .max(max, `must be at most ${max} characters`)
        .refine(
          (value) => !controlExceptLineBreaksAndTabs.test(value),
          'must not contain control characters',
        ),
    );
}

/** SPEC §5: title and message required. */
export const pushNotificationInputSchema = z.object({
  title: z.string({ error: messages.isRequired }).pipe(requiredLine(pushLimits.titleMax)),
  message: requiredText(pushLimits.messageMax),
});
export type PushNotificationInput = z.input<typeof pushNotificationInputSchema>;
export type PushNotificationRequest = z.output<typeof pushNotificationInputSchema>;

export const pushStatuses = ['sending', 'sent', 'failed'] as const;
export type PushStatus = (typeof pushStatuses)[number];

/** One send as the history shows it; `total` is the audience counted when it started. */
export const pushNotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  sentByName: z.string(),
  createdAt: z.string(),
  total: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  /** 'failed': the send stopped before it finished (the server stopped); the counts say how far it got. */
  status: z.enum(pushStatuses),
  finishedAt: z.string().nullable(),
});
export type PushNotification = z.infer<typeof pushNotificationSchema>;

export const pushNotificationListQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });
export type PushNotificationListQuery = z.infer<typeof pushNotificationListQuerySchema>;

/** The history, with how many subscriptions a send would reach now. */
export const pushNotificationListSchema = z.object({
  items: z.array(pushNotificationSchema),
  total: z.number().int(),
  subscribers: z.number().int(),
});
export type PushNotificationList = z.infer<typeof pushNotificationListSchema>;

/** Bytes of a base64url text (padding optional), or null when it is not base64url. */
export function decodeBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
  const bare = text.replace(/=+$/, '');
  if (bare.length % 4 === 1) return null;
  const binary = atob(
    bare
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(bare.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

// The curve P-256 (FIPS 186-4 D.1.2.3): y² = x³ − 3x + b over the prime field p.
const P256_P = 2n ** 256n - 2n ** 224n + 2n ** 192n + 2n ** 96n - 1n;
const P256_B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

function toBigInt(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

/** Whether the bytes are an uncompressed point (0x04 ‖ x ‖ y) on P-256. */
export function isUncompressedP256Point(bytes: Uint8Array): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  const x = toBigInt(bytes.subarray(1, 33));
  const y = toBigInt(bytes.subarray(33));
  if (x >= P256_P || y >= P256_P) return false;
  const mod = (n: bigint) => ((n % P256_P) + P256_P) % P256_P;
  return mod(y * y) === mod(x * x * x - 3n * x + P256_B);
}

const p256dhSchema = z.string({ error: messages.isRequired }).refine((value) => {
  const bytes = decodeBase64Url(value);
  return bytes !== null && isUncompressedP256Point(bytes);
}, pushMessages.p256dh);

const authSecretSchema = z
  .string({ error: messages.isRequired })
  .refine((value) => decodeBase64Url(value)?.length === 16, pushMessages.auth);

/**
 * The endpoint's shape: an absolute URL. Where it may point (https, a public
 * host, or an origin of PUSH_ENDPOINT_ALLOWLIST) is the server's rule.
 */
export const pushEndpointSchema = z
  .string({ error: messages.isRequired })
  .max(pushLimits.endpointMax, `must be at most ${pushLimits.endpointMax} characters`)
  .refine((value) => URL.canParse(value), pushMessages.endpointNotUrl);

/** A standard PushSubscription, as `subscription.toJSON()` gives it. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: p256dhSchema, auth: authSecretSchema }, { error: messages.isRequired }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushSubscriptionRemovalSchema = z.object({ endpoint: pushEndpointSchema });
export type PushSubscriptionRemoval = z.infer<typeof pushSubscriptionRemovalSchema>;

export const pushSubscriptionSchema = z.object({ endpoint: z.string(), createdAt: z.string() });
export type PushSubscriptionRecord = z.infer<typeof pushSubscriptionSchema>;

/** The VAPID public key (base64url of the uncompressed point), the `applicationServerKey`. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
