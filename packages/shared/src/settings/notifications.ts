import { z } from 'zod';
import { requiredOr, versionSchema } from '../text.ts';

/**
 * Settings › Notifications (B19, ADR 0075, ADR 0082): which changes of an order tell its customer, by
 * SMS and by WhatsApp: its status confirmed, picked up, delivered or cancelled, a refund made, its
 * items changed by staff. Each is off until the owner turns it on. A business that has never saved
 * them reads `defaultNotificationSettings` with version 0; the first PUT, from version 0, creates them.
 *
 * The four statuses are `sms` and `whatsapp` as ARCHITECTURE's contract names them, exactly; the
 * updates that came later each carry both channels (`refunded: {sms, whatsapp}`), so a client that
 * knows only the contract reads and sends the objects it knows whole.
 */
export const statusUpdates = ['confirmed', 'pickedUp', 'delivered', 'cancelled'] as const;
export type StatusUpdate = (typeof statusUpdates)[number];
/** The updates beside the statuses; a PUT may leave them out, keeping them as they are. */
export const laterUpdates = ['refunded', 'itemsChanged'] as const;
export type LaterUpdate = (typeof laterUpdates)[number];
export const orderUpdates = [...statusUpdates, ...laterUpdates] as const;
export type OrderUpdate = (typeof orderUpdates)[number];
export const orderUpdateChannels = ['sms', 'whatsapp'] as const;
export type OrderUpdateChannel = (typeof orderUpdateChannels)[number];

export const orderUpdateLabels: Record<OrderUpdate, string> = {
  confirmed: 'Confirmed',
  pickedUp: 'Picked up',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  itemsChanged: 'Items changed',
};

export const notificationMessages = { flag: 'must be true or false' } as const;

/** The channels order updates go by, as a timeline names them. */
export const orderTextChannels = { SMS: 'SMS', WHATSAPP: 'WhatsApp message' } as const;
export type OrderTextChannel = keyof typeof orderTextChannels;

/** What an order's timeline says of each text sent to its customer, or not sent (ADR 0075, ADR 0082). */
export const orderTextNotes = {
  sent: (channel: OrderTextChannel, title: string) => `${orderTextChannels[channel]} sent: ${title}`,
  ceiling: (channel: OrderTextChannel) =>
    `${orderTextChannels[channel]} not sent: the business’s daily ceiling of texts is reached (Settings › Others)`,
  gaveUp: (channel: OrderTextChannel, tries: number, error: string) =>
    `${orderTextChannels[channel]} not sent after ${tries} tries: ${error}`,
  noWhatsApp: 'WhatsApp message not sent: no WhatsApp sender is set up on this server',
} as const;

const flag = z.boolean({ error: requiredOr(notificationMessages.flag) });
/** One channel's choice of the four statuses. */
const channelSchema = z.object(
  Object.fromEntries(statusUpdates.map((update) => [update, flag])) as Record<StatusUpdate, typeof flag>,
);
/** A later update's choice on both channels. */
const bothChannelsSchema = z.object({ sms: flag, whatsapp: flag });

/** Every choice, each given: what the console's form holds and sends. */
export const notificationChoicesSchema = z.object({
  sms: channelSchema,
  whatsapp: channelSchema,
  refunded: bothChannelsSchema,
  itemsChanged: bothChannelsSchema,
});
export type NotificationChoices = z.infer<typeof notificationChoicesSchema>;

export const notificationSettingsSchema = notificationChoicesSchema.extend({
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Whether `choices` sends `update` by `channel`. */
export function choiceOf(
  choices: NotificationChoices,
  channel: OrderUpdateChannel,
  update: OrderUpdate,
): boolean {
  return isStatusUpdate(update) ? choices[channel][update] : choices[update][channel];
}

/** Where a choice sits in the body, as a refusal names it: `sms.confirmed`, `refunded.whatsapp`. */
export function choicePath(
  channel: OrderUpdateChannel,
  update: OrderUpdate,
): `${OrderUpdateChannel}.${StatusUpdate}` | `${LaterUpdate}.${OrderUpdateChannel}` {
  return isStatusUpdate(update) ? `${channel}.${update}` : `${update}.${channel}`;
}

function isStatusUpdate(update: OrderUpdate): update is StatusUpdate {
  return (statusUpdates as readonly string[]).includes(update);
}

/** PUT /api/settings/notifications: both channels' statuses whole, from the version read; a later update left out is kept. */
export const notificationSettingsUpdateSchema = z.object({
  version: versionSchema,
  sms: channelSchema,
  whatsapp: channelSchema,
  refunded: bothChannelsSchema.optional(),
  itemsChanged: bothChannelsSchema.optional(),
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

const none = { confirmed: false, pickedUp: false, delivered: false, cancelled: false };
const neither = { sms: false, whatsapp: false };
export const defaultNotificationSettings: NotificationSettings = {
  sms: none,
  whatsapp: none,
  refunded: neither,
  itemsChanged: neither,
  version: 0,
  updatedAt: null,
};
