import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { themes } from '../themes.ts';
import { isTimeZone } from '../dates.ts';
import {
  businessAboutSchema,
  businessMessages,
  businessOthersSchema,
  businessSettingsUpdateSchema,
  isWebAddress,
  paletteOf,
  slugify,
  timeZoneNames,
} from './business.ts';

const storeId = '6f1c2a4e-8b1d-4c3e-9f7a-2d5b8e1c0a93';
const indigo = themes.find((theme) => theme.name === 'Indigo')!;
const indigoColours = {
  primaryColor: indigo.primaryColor,
  accentColor: indigo.accentColor,
  textPrimary: indigo.textPrimary,
};

/** The field messages a refused input gets, keyed as the server's envelope keys them. */
function fieldsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  if (result.success) return {};
  return Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('time zones', () => {
  it('knows IANA names, UTC and the default, and nothing else', () => {
    for (const zone of [
      'Asia/Kolkata',
      'Asia/Calcutta',
      'Europe/London',
      'America/Port-au-Prince',
      'UTC',
      'Etc/GMT+5',
    ]) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of [
      '',
      'Mars/Olympus',
      '+05:30',
      'IST offset',
      'Asia/Kolkata\n',
      '../etc/passwd',
      'x'.repeat(65),
    ]) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });

  it('offers a sorted list that holds UTC and Asia/Kolkata, each once', () => {
    const names = timeZoneNames();
    expect(names.filter((name) => name === 'Asia/Kolkata')).toHaveLength(1);
    expect(names).toContain('UTC');
    expect(names).toContain('Europe/London');
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    expect(names.every(isTimeZone)).toBe(true);
  });
});

describe('web addresses', () => {
  it('takes absolute http and https addresses only', () => {
    expect(isWebAddress('https://shop.example.com/app?x=1')).toBe(true);
    expect(isWebAddress('http://localhost:5173')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://shop.example.com',
      'shop.example.com',
      '/relative/path',
      'https://',
      'https://user:secret@shop.example.com',
      'https://shop example.com',
    ]) {
      expect(isWebAddress(bad), bad).toBe(false);
    }
  });
});

describe('the palette', () => {
  it('finds a theme by its three colours, whatever their case', () => {
    expect(paletteOf(indigoColours)?.name).toBe('Indigo');
    expect(paletteOf({ ...indigoColours, primaryColor: indigo.primaryColor.toUpperCase() })?.name).toBe(
      'Indigo',
    );
    expect(paletteOf({ ...indigoColours, accentColor: '#000000' })).toBeUndefined();
  });
});

describe('Settings > About', () => {
  it('trims and keeps a valid record', () => {
    expect(
      businessAboutSchema.parse({
        name: '  Fresh Mart ',
        description: ' Line one\nLine two ',
        timeZone: 'UTC',
      }),
    ).toEqual({ name: 'Fresh Mart', description: 'Line one\nLine two', timeZone: 'UTC' });
  });

  it('takes a GSTIN whose check character is right, or none', () => {
    const about = { name: 'Fresh Mart', description: '', timeZone: 'UTC' };
    expect(businessAboutSchema.parse({ ...about, gstin: '27AAPFU0939F1ZV' }).gstin).toBe('27AAPFU0939F1ZV');
    expect(businessAboutSchema.parse({ ...about, gstin: '' }).gstin).toBeNull();
    expect(fieldsOf(businessAboutSchema.safeParse({ ...about, gstin: '27AAPFU0939F1ZA' }))).toEqual({
      gstin: 'is not a valid GSTIN: its last character does not match',
    });
    expect(fieldsOf(businessAboutSchema.safeParse({ ...about, gstin: 'GST123' }))).toEqual({
      gstin: 'must be a 15-character GSTIN, e.g. 27AAPFU0939F1ZV',
    });
  });

  it('needs a name, and refuses long text, control characters and unknown zones', () => {
    const bad = businessAboutSchema.safeParse({
      name: '   ',
      description: `x${'\u0000'}`,
      timeZone: 'Mars/Olympus',
    });
    expect(fieldsOf(bad)).toEqual({
      name: messages.businessName,
      description: 'must not contain control characters',
      timeZone: businessMessages.timeZone,
    });
    expect(
      fieldsOf(
        businessAboutSchema.safeParse({
          name: 'x'.repeat(101),
          description: 'y'.repeat(1001),
          timeZone: 'UTC',
        }),
      ),
    ).toEqual({ name: 'must be at most 100 characters', description: 'must be at most 1000 characters' });
  });
});

describe('Settings > Others', () => {
  const others = {
    type: 'multiple',
    mainStoreId: null,
    theme: indigoColours,
    live: true,
    customerAppUrl: 'https://shop.example.com',
    slug: 'fresh-mart',
    shopDomain: null,
    smsDailyLimit: 500,
  };

  it('stores the palette’s spelling of a theme and no address for an empty one', () => {
    expect(
      businessOthersSchema.parse({
        ...others,
        theme: { ...indigoColours, primaryColor: indigo.primaryColor.toUpperCase() },
        customerAppUrl: '  ',
      }),
    ).toEqual({ ...others, theme: indigoColours, customerAppUrl: null });
  });

  it('refuses a colour outside the palette, another type, a bad address and a non-boolean live', () => {
    const bad = businessOthersSchema.safeParse({
      type: 'several',
      mainStoreId: 'not-an-id',
      theme: { ...indigoColours, primaryColor: '#123456' },
      live: 'yes',
      customerAppUrl: 'javascript:alert(1)',
      slug: 'Fresh Mart!',
      shopDomain: 'https://shop.example.in/',
      smsDailyLimit: -1,
    });
    expect(fieldsOf(bad)).toEqual({
      type: businessMessages.type,
      mainStoreId: businessMessages.mainStoreUnknown,
      theme: businessMessages.theme,
      live: businessMessages.live,
      customerAppUrl: businessMessages.customerAppUrl,
      slug: businessMessages.slug,
      shopDomain: businessMessages.shopDomain,
      smsDailyLimit: businessMessages.smsDailyLimit,
    });
  });

  it('takes a domain of the business’s own in lower case, or none, and a whole number of texts a day', () => {
    const parse = (change: object) => businessOthersSchema.safeParse({ ...others, ...change });
    expect(businessOthersSchema.parse({ ...others, shopDomain: ' Shop.FreshMart.in ' }).shopDomain).toBe(
      'shop.freshmart.in',
    );
    expect(businessOthersSchema.parse({ ...others, shopDomain: '' }).shopDomain).toBeNull();
    for (const bad of ['localhost', 'shop', '10.0.0.1', 'shop.example.in:8443', 'shop..in', '-shop.in', 7]) {
      expect(fieldsOf(parse({ shopDomain: bad })), String(bad)).toEqual({
        shopDomain: businessMessages.shopDomain,
      });
    }
    for (const good of [0, 100_000]) expect(parse({ smsDailyLimit: good }).success, String(good)).toBe(true);
    for (const bad of [-1, 100_001, 1.5, '10', null]) {
      expect(fieldsOf(parse({ smsDailyLimit: bad })), String(bad)).toEqual({
        smsDailyLimit: businessMessages.smsDailyLimit,
      });
    }
  });

  it('takes a slug of lowercase words joined by single hyphens, in any case given', () => {
    const slugOf = (slug: unknown) => businessOthersSchema.safeParse({ ...others, slug });
    expect(businessOthersSchema.parse({ ...others, slug: '  Demo-Fresh-Mart ' }).slug).toBe(
      'demo-fresh-mart',
    );
    for (const bad of [
      'ab',
      'a'.repeat(61),
      '-mart',
      'mart-',
      'fresh--mart',
      'fresh mart',
      'frésh',
      '../x',
      42,
    ]) {
      expect(fieldsOf(slugOf(bad)), String(bad)).toEqual({ slug: businessMessages.slug });
    }
  });

  it('a single-store business names its main store', () => {
    expect(fieldsOf(businessOthersSchema.safeParse({ ...others, type: 'single' }))).toEqual({
      mainStoreId: businessMessages.mainStoreRequired,
    });
    expect(businessOthersSchema.parse({ ...others, type: 'single', mainStoreId: storeId }).mainStoreId).toBe(
      storeId,
    );
  });
});

describe('PATCH /api/settings/business body', () => {
  it('takes the version and any subset of the fields', () => {
    expect(businessSettingsUpdateSchema.parse({ version: 3 })).toEqual({ version: 3 });
    expect(businessSettingsUpdateSchema.parse({ version: 3, live: false })).toEqual({
      version: 3,
      live: false,
    });
    expect(fieldsOf(businessSettingsUpdateSchema.safeParse({ name: 'x' }))).toHaveProperty('version');
  });

  it('refuses single with no main store only when it says so', () => {
    expect(businessSettingsUpdateSchema.safeParse({ version: 1, type: 'single' }).success).toBe(true);
    expect(
      fieldsOf(businessSettingsUpdateSchema.safeParse({ version: 1, type: 'single', mainStoreId: null })),
    ).toEqual({
      mainStoreId: businessMessages.mainStoreRequired,
    });
  });
});

describe('slugify', () => {
  it.each([
    ['Demo Fresh Mart', 'demo-fresh-mart'],
    ['  Café  Crème & Co.  ', 'cafe-creme-co'],
    ['24x7 Kirana', '24x7-kirana'],
    ['AB', 'shop-ab'],
    ['सब्ज़ी मंडी', 'shop'],
    ['x'.repeat(80), 'x'.repeat(60)],
  ])('makes %s into %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});
