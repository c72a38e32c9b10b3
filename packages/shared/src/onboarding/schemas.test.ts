import { describe, expect, it } from 'vitest';
import { themes } from '../themes.ts';
import {
  logoDataUrlSchema,
  onboardingAccountInputSchema,
  onboardingBusinessInputSchema,
  onboardingMessages as m,
  onboardingSubmitSchema,
} from './schemas.ts';

const user = {
  name: 'Nina New',
  email: 'nina@example.com',
  phone: '9876543210',
  password: 'long-enough-1',
  confirmPassword: 'long-enough-1',
};
const amber = themes[0]!;
const business = {
  name: 'Fresh Basket',
  description: 'Groceries at the door',
  theme: { primaryColor: amber.primaryColor, accentColor: amber.accentColor, textPrimary: amber.textPrimary },
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const GIF = [...'GIF89a'].map((c) => c.charCodeAt(0));
function dataUrl(head: number[], size: number, type = 'image/png') {
  const bytes = Buffer.alloc(size);
  Buffer.from(head).copy(bytes);
  return `data:${type};base64,${bytes.toString('base64')}`;
}

function problems(
  schema: {
    safeParse: (v: unknown) => {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  input: unknown,
) {
  const result = schema.safeParse(input);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('User details (SPEC §5 Onboarding, D18)', () => {
  it('accepts a complete account, trimming the e-mail', () => {
    expect(onboardingAccountInputSchema.parse({ ...user, email: ' nina@example.com ' })).toEqual(user);
  });

  it('names every empty field with the spec message', () => {
    expect(
      problems(onboardingAccountInputSchema, {
        name: ' ',
        email: '',
        phone: '',
        password: '',
        confirmPassword: 'x',
      }),
    ).toEqual({
      name: m.name,
      email: m.emailRequired,
      phone: m.phone,
      password: m.passwordLength,
      confirmPassword: m.confirmPassword,
    });
    expect(problems(onboardingAccountInputSchema, {})).toEqual({
      name: m.name,
      email: m.emailRequired,
      phone: m.phone,
      password: m.passwordLength,
      confirmPassword: m.confirmPassword,
    });
  });

  it('refuses a bad or 65-character e-mail, a 9- or 11-digit phone, a 7-character password, a mismatch', () => {
    expect(problems(onboardingAccountInputSchema, { ...user, email: 'nina@' })).toEqual({
      email: m.emailInvalid,
    });
    const long = `${'a'.repeat(53)}@example.com`;
    expect(long).toHaveLength(65);
    expect(problems(onboardingAccountInputSchema, { ...user, email: long })).toEqual({
      email: m.emailTooLong,
    });
    expect(onboardingAccountInputSchema.safeParse({ ...user, email: long.slice(1) }).success).toBe(true);
    for (const phone of ['987654321', '98765432101', '98765-4321', '+919876543']) {
      expect(problems(onboardingAccountInputSchema, { ...user, phone })).toEqual({ phone: m.phone });
    }
    expect(
      problems(onboardingAccountInputSchema, { ...user, password: 'seven77', confirmPassword: 'seven77' }),
    ).toEqual({
      password: m.passwordLength,
    });
    expect(
      problems(onboardingAccountInputSchema, {
        ...user,
        password: 'x'.repeat(129),
        confirmPassword: 'x'.repeat(129),
      }),
    ).toEqual({ password: m.passwordTooLong });
    expect(problems(onboardingAccountInputSchema, { ...user, confirmPassword: 'long-enough-2' })).toEqual({
      confirmPassword: m.confirmPassword,
    });
  });
});

describe('Business details', () => {
  it('accepts a palette theme in any case and stores the palette spelling', () => {
    const shouted = {
      ...business,
      theme: { ...business.theme, primaryColor: amber.primaryColor.toUpperCase() },
    };
    expect(onboardingBusinessInputSchema.parse(shouted).theme).toEqual(business.theme);
  });

  it('names an empty name, an empty description and a missing or unknown theme', () => {
    expect(problems(onboardingBusinessInputSchema, { name: '', description: ' ' })).toEqual({
      name: m.businessName,
      description: m.description,
      theme: m.theme,
    });
    expect(
      problems(onboardingBusinessInputSchema, {
        ...business,
        theme: { primaryColor: '#000000', accentColor: '#000000', textPrimary: '#000000' },
      }),
    ).toEqual({ theme: m.theme });
  });
});

describe('logo (D6)', () => {
  it('accepts a PNG and a JPEG of exactly 102,400 bytes', () => {
    expect(logoDataUrlSchema.safeParse(dataUrl(PNG, 102_400)).success).toBe(true);
    expect(logoDataUrlSchema.safeParse(dataUrl(JPEG, 102_400, 'image/jpeg')).success).toBe(true);
  });

  it('refuses 102,401 bytes, a GIF, an SVG, a missing logo and text that is no data URL', () => {
    expect(problems(logoDataUrlSchema, dataUrl(PNG, 102_401))).toEqual({ '': m.logoTooLarge });
    expect(problems(logoDataUrlSchema, dataUrl(PNG, 400_000))).toEqual({ '': m.logoTooLarge });
    expect(problems(logoDataUrlSchema, dataUrl(GIF, 100, 'image/png'))).toEqual({ '': m.logoType });
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    expect(problems(logoDataUrlSchema, svg)).toEqual({ '': m.logoType });
    expect(problems(logoDataUrlSchema, '')).toEqual({ '': m.logoRequired });
    expect(problems(logoDataUrlSchema, undefined)).toEqual({ '': m.logoRequired });
    expect(problems(logoDataUrlSchema, 'data:image/png;base64,@@@')).toEqual({ '': m.logoRequired });
  });
});

describe('Finish', () => {
  it('takes business, user and iconFileData together', () => {
    const parsed = onboardingSubmitSchema.parse({ business, user, iconFileData: dataUrl(PNG, 50) });
    expect(parsed.user.email).toBe(user.email);
    expect(problems(onboardingSubmitSchema, { business, user: { ...user, phone: '1' } })).toEqual({
      'user.phone': m.phone,
      iconFileData: m.logoRequired,
    });
  });
});
