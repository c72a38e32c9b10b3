/**
 * What /api/openapi.json tells a client about the values it may send: every
 * rule the server checks on a request's field that a JSON schema can say (a
 * list of values, a pattern, a format) is in the document, so a client built
 * from it does not meet a 400 it could not foresee.
 */
import { onboardingThemeSchema } from '@storedesk/shared/onboarding/schemas';
import { businessOthersFieldsSchema } from '@storedesk/shared/settings/business';
import { helplineInputSchema } from '@storedesk/shared/settings/helplines';
import { staffPhoneSchema } from '@storedesk/shared/staff/schemas';
import { customerPhoneSchema } from '@storedesk/shared/storefront/schemas';
import { storeInputSchema } from '@storedesk/shared/stores/schemas';
import { themes } from '@storedesk/shared/themes';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/harness.ts';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
};
type Operation = {
  parameters?: Array<{ in: string; name: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/** A field a client sends: where, and its schema. */
type Field = { at: string; name: string; schema: Schema };

let ctx: TestApp;
let fields: Field[];

/** Every property of a request body, at any depth, and every query parameter, of every operation. */
function fieldsOf(paths: Record<string, Record<string, Operation>>): Field[] {
  const found: Field[] = [];
  const walk = (schema: Schema, at: string) => {
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      found.push({ at: `${at}.${name}`, name, schema: property });
      walk(property, `${at}.${name}`);
    }
    for (const alternative of schema.anyOf ?? []) walk(alternative, at);
    if (schema.items) walk(schema.items, `${at}[]`);
  };
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const at = `${method.toUpperCase()} ${path}`;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (body) walk(body, `${at} body`);
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' && parameter.schema) {
          found.push({ at: `${at} ?${parameter.name}`, name: parameter.name, schema: parameter.schema });
        }
      }
    }
  }
  return found;
}

/** The schema's own alternatives (a nullable field is its rule or null), null left out. */
function alternatives(schema: Schema): Schema[] {
  const each = schema.anyOf ?? [schema];
  return each.filter((alternative) => alternative.type !== 'null');
}

const named = (pattern: RegExp) => fields.filter((field) => pattern.test(field.name));

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await ctx.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  fields = fieldsOf(res.json<{ paths: Record<string, Record<string, Operation>> }>().paths);
});
afterAll(() => ctx.close());

describe('the OpenAPI document', () => {
  it('says a theme is one of the six palettes, each colour in any case, wherever a theme is sent', async () => {
    const sent = named(/^theme$/);
    expect(sent.map((field) => field.at)).toEqual([
      'PATCH /api/settings/business body.theme',
      'POST /api/onboarding body.business.theme',
    ]);
    for (const { at, schema } of sent) {
      const palettes = schema.anyOf ?? [];
      expect(palettes, at).toHaveLength(themes.length);
      themes.forEach((theme, index) => {
        const palette = palettes[index]!;
        expect(palette.required, at).toEqual(['primaryColor', 'accentColor', 'textPrimary']);
        for (const colour of ['primaryColor', 'accentColor', 'textPrimary'] as const) {
          const pattern = new RegExp(palette.properties?.[colour]?.pattern ?? '(?!)');
          expect(pattern.test(theme[colour]), `${at} ${theme.name} ${colour}`).toBe(true);
          expect(pattern.test(theme[colour].toUpperCase()), `${at} ${theme.name} ${colour}`).toBe(true);
          expect(pattern.test(`${theme[colour]}0`), `${at} ${theme.name} ${colour}`).toBe(false);
        }
      });
    }

    // What the document allows, the server takes: a palette in capitals, stored in the palette's spelling.
    const shouted = Object.fromEntries(
      (['primaryColor', 'accentColor', 'textPrimary'] as const).map((colour) => [
        colour,
        themes[2]![colour].toUpperCase(),
      ]),
    );
    expect(businessOthersFieldsSchema.shape.theme.parse(shouted)).toEqual(
      onboardingThemeSchema.parse(shouted),
    );
    expect(onboardingThemeSchema.parse(shouted).primaryColor).toBe(themes[2]!.primaryColor);
  });

  it('gives every phone number a pattern and every e-mail address its format', () => {
    const phones = named(/phone/i).filter((field) => field.schema.type !== 'object');
    expect(phones.length).toBeGreaterThanOrEqual(8);
    for (const { at, schema } of phones) {
      for (const rule of alternatives(schema)) expect(rule.pattern, at).toBeDefined();
    }
    const emails = named(/^email$/);
    expect(emails.length).toBeGreaterThanOrEqual(8);
    for (const { at, schema } of emails) expect(schema.format, at).toBe('email');
  });

  it('says which values a field that takes a few of them takes, and gives codes their pattern', () => {
    const chosen = named(/^(type|paymentMode|groupBy|kind|view|sort|status|usageType)$/).filter(
      (field) => field.schema.type !== 'object',
    );
    expect(chosen.length).toBeGreaterThanOrEqual(15);
    for (const { at, schema } of chosen) {
      for (const rule of alternatives(schema)) expect(rule.enum ?? [rule.const], at).not.toEqual([undefined]);
    }
    for (const { at, schema } of named(/^(gstin|hsn)$/)) {
      for (const rule of alternatives(schema)) expect(rule.pattern, at).toBeDefined();
    }
  });

  it('gives phone numbers patterns that take exactly what the server takes', () => {
    const patternAt = (at: string) => {
      const field = fields.find((each) => each.at === at);
      return new RegExp(alternatives(field!.schema)[0]!.pattern!);
    };
    const cases: Array<[string, z.ZodType, string[]]> = [
      [
        'POST /api/stores body.phone',
        storeInputSchema.shape.phone,
        ['9876543210', 'Call 080 9876543210', '98765 43210', '12345'],
      ],
      [
        'POST /api/admins body.phone',
        staffPhoneSchema,
        ['+91-98765 43210', ' 080 2345 ', '98x76', '', '-123', '+ 91'],
      ],
      [
        'POST /api/storefront/auth/code body.phone',
        customerPhoneSchema,
        [
          '9876543210',
          '+91 98765-43210',
          '(0) 98765.43210',
          '919876543210',
          '98765',
          '+1 9876543210',
          '98765432101',
          'phone',
          '+ 9 1 9876543210',
        ],
      ],
      [
        'POST /api/settings/helplines body.phoneNumber',
        helplineInputSchema.shape.phoneNumber,
        ['1800-123-4567', '+100', ' 112 ', '12', 'help', '+', '+ 100', '1 2'],
      ],
    ];
    for (const [at, schema, values] of cases) {
      const pattern = patternAt(at);
      for (const value of values) {
        expect(pattern.test(value), `${at} “${value}”`).toBe(schema.safeParse(value).success);
      }
    }
  });
});
