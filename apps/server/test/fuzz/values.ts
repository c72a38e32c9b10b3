/**
 * Values for the fuzz suite, drawn from the JSON schemas of /api/openapi.json:
 * valid-ish ones that follow the schema (so requests reach the services and
 * the database), garbage of every kind, and mutations of a valid body.
 */
import fc from 'fast-check';

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
};

/**
 * Stands for "the version the record has now", resolved just before the
 * request is sent, so that a write can succeed as well as be stale.
 */
export class CurrentVersion {
  toJSON() {
    return 'CURRENT_VERSION';
  }
}
export const currentVersion = new CurrentVersion();

/** A field's own values, when its name says more than its schema (ids, e-mails, versions…). */
export type Hint = (
  name: string,
  schema: Schema,
  at: string[],
  clean: boolean,
) => fc.Arbitrary<unknown> | undefined;

const longText = (length: number, unit = 'a') => unit.repeat(length);

/** Strings that have broken servers before. */
export const nastyStrings: string[] = [
  '',
  ' ',
  '   \t  ',
  '\n',
  '\u0000',
  'a\u0000b',
  '\u0007bell',
  '\u001b[31mred',
  '\r\n\r\n',
  '\u2028\u2029',
  '\ufeffBOM',
  '\u202eRTL override',
  'مرحبا بالعالم',
  'नमस्ते दुनिया',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\ud800',
  '\udfff lone',
  'Z\u0351\u0352\u0353algo',
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  '%',
  '_',
  '\\',
  '%_%\\',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  '0x7fffffff',
  'true',
  '[]',
  '{}',
  '#12',
  longText(101),
  longText(257, 'é'),
  longText(2_049, '𝔸'),
  longText(70_000),
];

export const nastyNumbers: number[] = [
  -1,
  0,
  1,
  0.5,
  -0.0,
  1e-7,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
];

const junkLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, ...nastyStrings, ...nastyNumbers),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Anything at all: wrong types, nested junk, and the nasty values above. */
export const garbage: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: junkLeaf },
  { weight: 1, arbitrary: fc.array(junkLeaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), junkLeaf, { maxKeys: 4 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      { $ne: null },
      { __proto__: { admin: true } },
      [[[[[[[[[[[]]]]]]]]]]],
      Array.from({ length: 200 }, (_, i) => i),
    ),
  },
);

/** A value near the edges of a number's range, or the other side of them. */
function numberEdges(schema: Schema): number[] {
  const edges: number[] = [];
  if (schema.minimum !== undefined) edges.push(schema.minimum, schema.minimum - 1);
  if (schema.maximum !== undefined) edges.push(schema.maximum, schema.maximum + 1);
  return edges;
}

function stringFor(schema: Schema, clean: boolean): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength;
  const options: fc.WeightedArbitrary<string>[] = [];
  if (schema.pattern) {
    options.push({ weight: 6, arbitrary: fc.stringMatching(new RegExp(schema.pattern)) });
  } else {
    const cap = Math.max(min, Math.min(max ?? 30, 30));
    // Words first: most text fields want something a person would type there.
    const words = fc
      .stringMatching(/^[A-Za-z][A-Za-z0-9]{1,8}( [A-Za-z0-9]{1,8}){0,2}$/)
      .filter((text) => text.length >= min && text.length <= (max ?? Infinity));
    options.push(
      { weight: clean ? 8 : 3, arbitrary: words },
      { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: cap, unit: 'grapheme-ascii' }) },
      { weight: 2, arbitrary: fc.string({ minLength: min, maxLength: cap, unit: 'grapheme' }) },
    );
    if (max !== undefined && max <= 5_000) {
      const edges = clean ? ['x'.repeat(max)] : ['x'.repeat(max), 'x'.repeat(max + 1)];
      options.push({ weight: 1, arbitrary: fc.constantFrom(...edges) });
    }
  }
  if (!clean) options.push({ weight: 1, arbitrary: fc.constantFrom(...nastyStrings) });
  return fc.oneof(...options);
}

/**
 * A value shaped like `schema`, named `name` at `at` in the body: `clean`, it
 * keeps within the schema (as far as the schema says); otherwise it strays to
 * its edges and beyond now and then.
 */
export function validish(
  schema: Schema,
  hint: Hint,
  clean: boolean,
  name = '',
  at: string[] = [],
): fc.Arbitrary<unknown> {
  const hinted = hint(name, schema, at, clean);
  if (hinted) return hinted;
  const inner = (s: Schema, innerName: string, innerAt: string[]) =>
    validish(s, hint, clean, innerName, innerAt);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => inner(s, name, at)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => inner({ ...schema, type }, name, at)));
  }
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(properties).map(([key, s]) => [key, inner(s, key, [...at, key])]),
      );
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const items = inner(schema.items ?? {}, name, [...at, '0']);
      return fc.oneof(
        { weight: 5, arbitrary: fc.array(items, { minLength: min, maxLength: Math.max(min, 4) }) },
        {
          weight: 1,
          arbitrary: fc.array(items, {
            minLength: min,
            maxLength: Math.min((schema.maxItems ?? 30) + (clean ? 0 : 2), 120),
            size: 'max',
          }),
        },
      );
    }
    case 'string':
      return stringFor(schema, clean);
    case 'integer': {
      const within = fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000 });
      if (clean) return within;
      return fc.oneof(
        { weight: 6, arbitrary: within },
        { weight: 1, arbitrary: fc.constantFrom(...numberEdges(schema), ...nastyNumbers) },
      );
    }
    case 'number': {
      const within = fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
      if (clean) return within;
      return fc.oneof(
        { weight: 6, arbitrary: within },
        { weight: 1, arbitrary: fc.constantFrom(...numberEdges(schema), ...nastyNumbers) },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return clean ? fc.constant(null) : garbage;
  }
}

type Mutation =
  | { kind: 'drop'; pick: number }
  | { kind: 'garbage'; pick: number; value: unknown }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'deep'; pick: number; value: unknown };

const extraKeys = [
  'id',
  'businessId',
  'business_id',
  'version',
  'deletedAt',
  'level',
  'status',
  'price',
  'pricePaise',
  'billAmountPaise',
  '__proto__',
  'constructor',
  'prototype',
  '',
  ' name',
  'NAME',
];

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('garbage' as const), pick: fc.nat(), value: garbage }),
  fc.record({
    kind: fc.constant('extra' as const),
    key: fc.oneof(fc.constantFrom(...extraKeys), fc.string({ maxLength: 12 })),
    value: garbage,
  }),
  fc.record({ kind: fc.constant('deep' as const), pick: fc.nat(), value: garbage }),
);

function applyMutation(target: unknown, m: Mutation): unknown {
  if (target === null || typeof target !== 'object')
    return m.kind === 'extra' ? target : (m as { value?: unknown }).value;
  const copy: Record<string, unknown> = Array.isArray(target) ? ([...target] as never) : { ...target };
  const keys = Object.keys(copy);
  switch (m.kind) {
    case 'drop':
      if (keys.length > 0) delete copy[keys[m.pick % keys.length]!];
      return copy;
    case 'garbage':
      if (keys.length > 0) copy[keys[m.pick % keys.length]!] = m.value;
      return copy;
    case 'extra':
      // Defined as an own property, so even "__proto__" goes out as a key of the JSON.
      Object.defineProperty(copy, m.key, {
        value: m.value,
        enumerable: true,
        configurable: true,
        writable: true,
      });
      return copy;
    case 'deep': {
      if (keys.length === 0) return copy;
      const key = keys[m.pick % keys.length]!;
      copy[key] = applyMutation(copy[key], { kind: 'garbage', pick: m.pick >> 3, value: m.value });
      return copy;
    }
  }
}

/** A valid-ish value with one to three things wrong with it. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
    .map(([value, mutations]) => mutations.reduce(applyMutation, value));
}
