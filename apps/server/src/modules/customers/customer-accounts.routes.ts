import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { addressInputSchema, addressSchema } from '@storedesk/shared/storefront/addresses';
import {
  customerCodeRequestSchema,
  customerSchema,
  customerUpdateSchema,
  customerVerifyRequestSchema,
  customerVerifyResponseSchema,
} from '@storedesk/shared/storefront/customers';
import type { Database } from '#server/db/client.ts';
import { idParam } from '#server/lib/route-schemas.ts';
import {
  customerHeaders,
  registerPreflight,
  storefrontHeaders,
  withCors,
} from '#server/lib/storefront-cors.ts';
import { customerOf, storefrontOf } from '#server/plugins/access.ts';
import type { SmsSender } from '#server/sms/sms.ts';
import * as customers from './customer-accounts.service.ts';

const signedIn = { access: 'customer' as const, crossOrigin: true };

/**
 * The customer's own side of the customer app (ADR 0038): sign-in by a code
 * sent to their phone, their name, and their saved addresses. Every route but
 * the sign-in's takes the key and the customer's bearer token, and reads and
 * writes only that customer's records.
 */
export const storefrontCustomerRoutes: FastifyPluginAsyncZod<{ db: Database; sms: SmsSender }> = async (
  app,
  { db, sms },
) => {
  registerPreflight(app, '/storefront/auth/code', 'POST', 'asking for a sign-in code');
  app.post(
    '/storefront/auth/code',
    {
      config: { access: 'storefront', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'Send a one-time sign-in code to a phone',
        description:
          'Texts a 6-digit code, good once for 10 minutes (without an SMS provider configured it goes to ' +
          '`DATA_DIR/outbox/<time>-<phone>.sms`). Codes sent earlier stay good until they expire. ' +
          '400: not a phone number. 401: missing or unknown key. 402: service ended. 429: five codes to this ' +
          'phone, or twenty from this address, in 15 minutes (`Retry-After`): a code already sent still works. ' +
          '503: the SMS provider did not take it.',
        headers: storefrontHeaders,
        body: customerCodeRequestSchema,
        response: {
          202: z.object({ expiresInSeconds: z.number().int() }),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await customers.sendCode(db, sms, storefrontOf(request), request.body.phone, request.ip)),
  );

  registerPreflight(app, '/storefront/auth/verify', 'POST', 'signing in with a code');
  app.post(
    '/storefront/auth/verify',
    {
      config: { access: 'storefront', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'Sign a customer in with the code sent to their phone',
        description:
          'Any unexpired code sent to the phone signs in, once; the phone’s other codes are void after it. A new ' +
          'phone becomes a customer (with `name` when given). Answers a bearer token for the customer’s routes. ' +
          '400: a malformed phone, or a code that is wrong, used or expired (`fields.code`). 401: missing or ' +
          'unknown key. 402: service ended. 429: five wrong codes for this phone from this address, thirty from ' +
          'this address, or a hundred for this phone in 15 minutes (`Retry-After`).',
        headers: storefrontHeaders,
        body: customerVerifyRequestSchema,
        response: {
          200: customerVerifyResponseSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request) => customers.verifyCode(db, storefrontOf(request), request.body, request.ip),
  );

  registerPreflight(app, '/storefront/auth/sign-out', 'POST', 'signing out');
  app.post(
    '/storefront/auth/sign-out',
    {
      config: signedIn,
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'End the customer’s session',
        description: '401: no signed-in customer.',
        headers: customerHeaders,
        response: { 204: z.null(), 401: errorEnvelopeSchema, 402: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await customers.signOutCustomer(db, customerOf(request));
      return reply.status(204).send(null);
    },
  );

  registerPreflight(app, '/storefront/account', 'GET, PATCH', 'reading or renaming the customer');
  app.get(
    '/storefront/account',
    {
      config: signedIn,
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'The signed-in customer',
        headers: customerHeaders,
        response: { 200: customerSchema, 401: errorEnvelopeSchema, 402: errorEnvelopeSchema },
      },
    },
    async (request) => customerOf(request).customer,
  );
  app.patch(
    '/storefront/account',
    {
      config: signedIn,
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'Change the name the signed-in customer goes by, or give a friend’s referral code',
        description:
          'A referral code (ADR 0041) is taken once, before the customer’s first order, while the referral ' +
          'programme is on; their first order then gets the programme’s offer. 400: an empty or overlong name ' +
          '(`fields.name`), or a code that is malformed, unknown, their own or used up (`fields.referralCode`). ' +
          '401: no signed-in customer. 409: a code was given already, the customer has ordered, or the ' +
          'programme is off. Nothing is changed unless the answer is 200.',
        headers: customerHeaders,
        body: customerUpdateSchema,
        response: {
          200: customerSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => customers.updateCustomer(db, customerOf(request), request.body),
  );

  registerPreflight(app, '/storefront/addresses', 'GET, POST', 'reading or saving addresses');
  app.get(
    '/storefront/addresses',
    {
      config: signedIn,
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'The signed-in customer’s saved addresses, oldest first',
        headers: customerHeaders,
        response: {
          200: z.object({ items: z.array(addressSchema) }),
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({ items: await customers.listAddresses(db, customerOf(request).scope) }),
  );
  app.post(
    '/storefront/addresses',
    {
      config: signedIn,
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'Save a delivery address with its point on the map',
        description:
          '400: a missing label, text or point (`fields` says which). 401: no signed-in customer. 409: twenty ' +
          'addresses saved already.',
        headers: customerHeaders,
        body: addressInputSchema,
        response: {
          201: addressSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await customers.addAddress(db, customerOf(request).scope, request.body)),
  );

  registerPreflight(app, '/storefront/addresses/:addressId', 'DELETE', 'deleting an address');
  app.delete(
    '/storefront/addresses/:addressId',
    {
      config: signedIn,
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'Delete one of the customer’s saved addresses',
        description:
          'Orders placed to it keep their copy of it. 401: no signed-in customer. 404: not one of this customer’s.',
        headers: customerHeaders,
        params: z.object({ addressId: idParam }),
        response: {
          204: z.null(),
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      await customers.removeAddress(db, customerOf(request).scope, request.params.addressId);
      return reply.status(204).send(null);
    },
  );
};
