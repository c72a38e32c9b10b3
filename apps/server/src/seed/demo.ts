/**
 * The demo business of docs/architecture.md: "Demo Fresh Mart", two zones, stores
 * with catalogues, customers and a few hundred orders over the last 60 days.
 * Seeded from a fixed PRNG, so every fresh start shows the same business.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import ngeohash from 'ngeohash';
import { soldAs } from '@storedesk/shared/catalogue/variants';
import { Level } from '@storedesk/shared/levels';
import { OrderStatus, orderStateFor } from '@storedesk/shared/orders';
import { themes } from '@storedesk/shared/themes';
import type { Database, Transaction } from '#server/db/client.ts';
import * as t from '#server/db/schema.ts';
import { importInto, sampleCatalogue } from '#server/modules/catalogue/spreadsheet.service.ts';
import { ofBusiness, sqlOfBusiness } from '#server/lib/scope.ts';
import { imageKey } from '#server/storage/images.ts';
import { bannerPng } from './banner.ts';
import type { Storage } from '#server/storage/storage.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { recountDailyStats } from '#server/modules/orders/daily-stats.repository.ts';
import { recountSalesStats } from '#server/modules/orders/sales-stats.repository.ts';
import { freeSlugFor } from '#server/modules/settings/business.service.ts';
import { demoLandmarks, demoNotes, demoStreets } from './demo-words.ts';
import { executiveFeePaise } from '@storedesk/shared/delivery/earnings-rules';

/** What the demo business pays its executives: ₹25 a delivery and ₹5 a km. */
const demoExecutiveFee = { executiveFeePaise: 2500, executiveFeePerKmPaise: 500 };

type Log = { info: (msg: string) => void };

/**
 * The demo's sign-in accounts, each with what it is: the start-up lines list them from here, and
 * the README's table of demo accounts says the same (a test compares them).
 */
export const demoAccounts = {
  owner: { label: 'owner (every zone)', email: 'owner@example.com', password: 'owner-demo-1' },
  admin: { label: 'admin of the Bengaluru zone', email: 'admin@example.com', password: 'admin-demo-1' },
  mumbaiAdmin: {
    label: 'admin of the Mumbai zone',
    email: 'admin.mumbai@example.com',
    password: 'admin-demo-1',
  },
  dex: {
    label: 'delivery executive (signs in at /deliver only)',
    email: 'dex@example.com',
    password: 'dex-demo-1',
  },
} as const;

/** mulberry32: small, fast and good enough to make demo data look varied. */
function prng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM businesses`);
  return Number(result.rows[0]?.n ?? 0) === 0;
}

/** Each category's GST rate and HSN code, for the tax invoice a business with a GSTIN prints (B15). */
const categoryTax: Record<string, { gstRate: number; hsn: string }> = {
  'Fruits & Vegetables': { gstRate: 0, hsn: '0709' },
  'Dairy & Eggs': { gstRate: 5, hsn: '0406' },
  Staples: { gstRate: 5, hsn: '1006' },
  'Snacks & Beverages': { gstRate: 18, hsn: '2106' },
};

type SeededItem = {
  id: string;
  name: string;
  variantId: string;
  variantLabel: string;
  pricePaise: number;
  mrpPaise: number | null;
  stepGrams: number | null;
  gstRate: number;
  hsn: string | null;
};

/**
 * A pack size of a demo item (B17): its label (empty on an item's only one), its price and MRP in
 * rupees, and, where the store counts it, its stock and the mark at or below which it is low.
 */
type DemoVariant = {
  label: string;
  rupees: number;
  mrp?: number;
  stock?: number;
  lowStockAt?: number;
  /** Sold loose: rupees and MRP per kg, bought in steps of this many grams up to `maxGrams`; stock in grams. */
  stepGrams?: number;
  maxGrams?: number;
};

/**
 * Each category in the order the customer app lists them, and in it each item with its price (or
 * its variants), whether it is vegetarian, and its other names: what customers also call it, in
 * English, Hindi and Kannada, which searches find and nobody is shown (B17). Milk, atta, eggs and the onions sold loose by the kilogram are counted: the
 * 1 L milk and the eggs are low on stock and the 10 kg atta is sold out, so the console's Low stock
 * view has something to show; the rest are not counted.
 */
const catalogue: Record<
  string,
  Array<[name: string, price: number | DemoVariant[], veg: boolean, aliases: string[]]>
> = {
  'Fruits & Vegetables': [
    ['Bananas (1 dozen)', 60, true, ['kela', 'केला', 'ಬಾಳೆಹಣ್ಣು']],
    ['Tomatoes (1 kg)', 40, true, ['tamatar', 'टमाटर', 'ಟೊಮೇಟೊ']],
    [
      'Onions',
      [{ label: '', rupees: 36, mrp: 40, stepGrams: 250, maxGrams: 5000, stock: 40_000, lowStockAt: 5000 }],
      true,
      ['pyaaz', 'pyaz', 'kanda', 'प्याज़', 'ಈರುಳ್ಳಿ'],
    ],
    ['Alphonso Mangoes (1 kg)', 320, true, ['aam', 'hapus']],
    ['Spinach (bunch)', 25, true, ['palak', 'greens']],
  ],
  'Dairy & Eggs': [
    [
      'Full Cream Milk',
      [
        { label: '500 ml', rupees: 34, mrp: 35, stock: 40, lowStockAt: 10 },
        { label: '1 L', rupees: 66, mrp: 68, stock: 6, lowStockAt: 8 },
      ],
      true,
      ['doodh', 'दूध', 'ಹಾಲು'],
    ],
    ['Paneer (200 g)', 95, true, ['cottage cheese']],
    ['Curd (400 g)', 45, true, ['dahi', 'yogurt']],
    ['Brown Eggs (6)', [{ label: '', rupees: 72, stock: 3 }], false, ['anda']],
  ],
  Staples: [
    ['Basmati Rice (5 kg)', 649.5, true, ['chawal', 'चावल', 'ಅಕ್ಕಿ']],
    ['Toor Dal (1 kg)', 159, true, ['arhar', 'lentils']],
    [
      'Aashirvaad Whole Wheat Atta',
      [
        { label: '5 kg', rupees: 265, mrp: 289, stock: 25, lowStockAt: 5 },
        { label: '10 kg', rupees: 510, mrp: 560, stock: 0, lowStockAt: 3 },
      ],
      true,
      ['gehu ka atta', 'gehun', 'wheat flour', 'आटा', 'ಗೋಧಿ ಹಿಟ್ಟು'],
    ],
    ['Sunflower Oil (1 L)', [{ label: '', rupees: 178.75, mrp: 195 }], true, ['tel', 'cooking oil']],
  ],
  'Snacks & Beverages': [
    ['Masala Chips', 20, true, ['namkeen']],
    ['Assam Tea (250 g)', 140, true, ['chai']],
    ['Filter Coffee (200 g)', 210, true, ['kaapi']],
    ['Chicken Samosa (2)', 60, false, ['snack']],
  ],
};

/**
 * Names in Hindi and Kannada (ADR 0085) of some categories and items, which a phone in those
 * languages shows; the others show their English, as a business that has not written them all yet.
 */
const localNames: Record<string, { hi: string; kn: string }> = {
  'Fruits & Vegetables': { hi: 'फल और सब्ज़ियाँ', kn: 'ಹಣ್ಣು ಮತ್ತು ತರಕಾರಿ' },
  'Dairy & Eggs': { hi: 'दूध और अंडे', kn: 'ಹಾಲು ಮತ್ತು ಮೊಟ್ಟೆ' },
  Staples: { hi: 'राशन', kn: 'ದಿನಸಿ' },
  'Bananas (1 dozen)': { hi: 'केला (1 दर्जन)', kn: 'ಬಾಳೆಹಣ್ಣು (1 ಡಜನ್)' },
  'Tomatoes (1 kg)': { hi: 'टमाटर (1 किलो)', kn: 'ಟೊಮೇಟೊ (1 ಕೆಜಿ)' },
  Onions: { hi: 'प्याज़', kn: 'ಈರುಳ್ಳಿ' },
  'Full Cream Milk': { hi: 'फुल क्रीम दूध', kn: 'ಪೂರ್ಣ ಕೆನೆ ಹಾಲು' },
  'Basmati Rice (5 kg)': { hi: 'बासमती चावल (5 किलो)', kn: 'ಬಾಸ್ಮತಿ ಅಕ್ಕಿ (5 ಕೆಜಿ)' },
  'Aashirvaad Whole Wheat Atta': { hi: 'आशीर्वाद गेहूँ का आटा', kn: 'ಆಶೀರ್ವಾದ್ ಗೋಧಿ ಹಿಟ್ಟು' },
};
const localNamesOf = (name: string) => ({
  nameHi: localNames[name]?.hi ?? null,
  nameKn: localNames[name]?.kn ?? null,
});

/** An item's variants as written: a price alone is one unlabelled, uncounted variant. */
const variantsOf = (price: number | DemoVariant[]): DemoVariant[] =>
  typeof price === 'number' ? [{ label: '', rupees: price }] : price;

const paise = (rupees: number) => Math.round(rupees * 100);

const storePlan = [
  { zone: 0, name: 'Fresh Mart Koramangala', location: 'Koramangala, Bengaluru', lat: 12.9352, lng: 77.6245 },
  { zone: 0, name: 'Fresh Mart Indiranagar', location: 'Indiranagar, Bengaluru', lat: 12.9784, lng: 77.6408 },
  { zone: 0, name: 'Fresh Mart Jayanagar', location: 'Jayanagar, Bengaluru', lat: 12.925, lng: 77.5938 },
  { zone: 1, name: 'Fresh Mart Bandra', location: 'Bandra West, Mumbai', lat: 19.0596, lng: 72.8295 },
  { zone: 1, name: 'Fresh Mart Andheri', location: 'Andheri East, Mumbai', lat: 19.1136, lng: 72.8697 },
];

const firstNames = [
  'Aarav',
  'Diya',
  'Ishaan',
  'Ananya',
  'Kabir',
  'Meera',
  'Rohan',
  'Saanvi',
  'Vikram',
  'Priya',
  'Arjun',
  'Nisha',
];
const lastNames = ['Sharma', 'Iyer', 'Reddy', 'Patel', 'Nair', 'Gupta', 'Khan', 'Das', 'Menon', 'Joshi'];

export async function seedDemo(db: Database, storage: Storage, log: Log): Promise<void> {
  const rand = prng(20261122);
  const [ownerHash, adminHash, dexHash] = await Promise.all([
    hashPassword(demoAccounts.owner.password),
    hashPassword(demoAccounts.admin.password),
    hashPassword(demoAccounts.dex.password),
  ]);

  const businessId = await db.transaction(async (tx) => {
    const theme = themes.find((th) => th.name === 'Indigo')!;
    const [business] = await tx
      .insert(t.businesses)
      .values({
        name: 'Demo Fresh Mart',
        description: 'Fresh groceries and daily essentials, delivered in under an hour.',
        type: 'multiple',
        theme: {
          primaryColor: theme.primaryColor,
          accentColor: theme.accentColor,
          textPrimary: theme.textPrimary,
        },
        live: true,
        // None: Open App opens the customer app this server serves on its own origin (ADR 0055).
        customerAppUrl: null,
        storefrontKey: `pk_demo_${randomBytes(12).toString('hex')}`,
        // demo-fresh-mart, unless a demo seeded before holds it.
        slug: await freeSlugFor(tx, 'Demo Fresh Mart'),
        serviceEndsAt: new Date(Date.now() + 365 * 24 * 3600 * 1000),
      })
      .returning();
    const businessId = business!.id;

    const zones = await tx
      .insert(t.zones)
      .values([
        { businessId, name: 'Bengaluru' },
        { businessId, name: 'Mumbai' },
      ])
      .returning();
    const zoneIds = zones.map((z) => z.id);

    await tx.insert(t.users).values([
      {
        businessId,
        zoneId: zoneIds[0]!,
        level: Level.Owner,
        name: 'Olivia Owner',
        email: demoAccounts.owner.email,
        phone: '+91-9800000001',
        passwordHash: ownerHash,
        emailVerifiedAt: new Date(),
      },
      {
        businessId,
        zoneId: zoneIds[0]!,
        level: Level.Admin,
        name: 'Arun Admin',
        email: demoAccounts.admin.email,
        phone: '+91-9800000002',
        passwordHash: adminHash,
        emailVerifiedAt: new Date(),
      },
      {
        businessId,
        zoneId: zoneIds[1]!,
        level: Level.Admin,
        name: 'Mira Admin',
        email: demoAccounts.mumbaiAdmin.email,
        phone: '+91-9800000003',
        passwordHash: adminHash,
        emailVerifiedAt: new Date(),
      },
    ]);
    const dexes = await tx
      .insert(t.users)
      .values([
        {
          businessId,
          zoneId: zoneIds[0]!,
          level: Level.DeliveryExecutive,
          name: 'Dev Executive',
          email: demoAccounts.dex.email,
          phone: '+91-9800000011',
          passwordHash: dexHash,
          emailVerifiedAt: new Date(),
        },
        {
          businessId,
          zoneId: zoneIds[0]!,
          level: Level.DeliveryExecutive,
          name: 'Ravi Kumar',
          email: 'ravi.dex@example.com',
          phone: '+91-9800000012',
          passwordHash: dexHash,
          emailVerifiedAt: new Date(),
        },
        {
          businessId,
          zoneId: zoneIds[1]!,
          level: Level.DeliveryExecutive,
          name: 'Sameer Shaikh',
          email: 'sameer.dex@example.com',
          phone: '+91-9800000013',
          passwordHash: dexHash,
          emailVerifiedAt: new Date(),
        },
        {
          businessId,
          zoneId: zoneIds[1]!,
          level: Level.DeliveryExecutive,
          name: 'Pooja Pawar',
          email: 'pooja.dex@example.com',
          phone: '+91-9800000014',
          passwordHash: dexHash,
          emailVerifiedAt: new Date(),
        },
      ])
      .returning({ id: t.users.id, name: t.users.name, zoneId: t.users.zoneId });

    const stores = await tx
      .insert(t.stores)
      .values(
        storePlan.map((s, i) => ({
          businessId,
          zoneId: zoneIds[s.zone]!,
          name: s.name,
          description: `Neighbourhood grocery store in ${s.location}.`,
          descriptionHi: `${s.location} में आपकी पड़ोस की किराना दुकान।`,
          descriptionKn: `${s.location} ನಲ್ಲಿ ನಿಮ್ಮ ನೆರೆಹೊರೆಯ ದಿನಸಿ ಅಂಗಡಿ.`,
          location: s.location,
          phone: `+91-98450${String(10000 + i)}`,
          featured: (i % 9) + 1,
          latitude: s.lat,
          longitude: s.lng,
          geohash: ngeohash.encode(s.lat, s.lng, 9),
          // The open stores deliver round the clock, so the demo takes orders whatever the hour it is
          // tried; the Closed one keeps a day's hours, which the customer app shows.
          openTime: i === 2 ? '07:00' : '00:00',
          closeTime: i === 2 ? '22:00' : '23:59',
          deliveryRadiusKm: i === 0 ? 6 : 5,
          status: i === 2 ? 0 : 1,
        })),
      )
      .returning({ id: t.stores.id, name: t.stores.name, zoneId: t.stores.zoneId });

    const storeItems = new Map<string, Array<SeededItem>>();
    for (const store of stores) {
      const list: Array<SeededItem> = [];
      for (const [index, [categoryName, products]] of Object.entries(catalogue).entries()) {
        const [category] = await tx
          .insert(t.categories)
          .values({
            businessId,
            storeId: store.id,
            name: categoryName,
            ...localNamesOf(categoryName),
            position: index + 1,
          })
          .returning({ id: t.categories.id });
        const inserted = await tx
          .insert(t.items)
          .values(
            products.map(([name, price, veg, aliases], j) => ({
              businessId,
              storeId: store.id,
              categoryId: category!.id,
              name,
              ...localNamesOf(name),
              gstRate: categoryTax[categoryName]?.gstRate ?? 0,
              hsn: categoryTax[categoryName]?.hsn ?? null,
              veg,
              featured: j % 4,
              tags: [veg ? 'veg' : 'non-veg'],
              aliases,
              // One in ten switched off; never an item whose stock is counted, which shows stock instead.
              inStock: rand.next() > 0.1 || variantsOf(price).some((variant) => variant.stock !== undefined),
            })),
          )
          .returning({
            id: t.items.id,
            name: t.items.name,
            gstRate: t.items.gstRate,
            hsn: t.items.hsn,
          });
        const variants = await tx
          .insert(t.itemVariants)
          .values(
            inserted.flatMap((item, j) =>
              variantsOf(products[j]![1]).map((variant, position) => ({
                businessId,
                storeId: store.id,
                itemId: item.id,
                position,
                label: variant.label,
                pricePaise: paise(variant.rupees),
                mrpPaise: variant.mrp === undefined ? null : paise(variant.mrp),
                stock: variant.stock ?? null,
                lowStockAt: variant.lowStockAt ?? null,
                stepGrams: variant.stepGrams ?? null,
                maxGrams: variant.maxGrams ?? null,
              })),
            ),
          )
          .returning({
            id: t.itemVariants.id,
            itemId: t.itemVariants.itemId,
            position: t.itemVariants.position,
            label: t.itemVariants.label,
            pricePaise: t.itemVariants.pricePaise,
            mrpPaise: t.itemVariants.mrpPaise,
            stepGrams: t.itemVariants.stepGrams,
          });
        // Each variant is a line an order may have sold, listed in the catalogue's order.
        for (const item of inserted) {
          const ofItem = variants
            .filter((variant) => variant.itemId === item.id)
            .sort((a, b) => a.position - b.position);
          for (const variant of ofItem) {
            // A loose line is sold by the step, at the step's price ("250 g" at ₹9).
            const sold = soldAs(variant);
            list.push({
              ...item,
              variantId: variant.id,
              variantLabel: sold.label,
              pricePaise: sold.pricePaise,
              mrpPaise: sold.mrpPaise,
              stepGrams: variant.stepGrams,
            });
          }
        }
      }
      storeItems.set(store.id, list);
    }
    // One store keeps a grocer's whole catalogue, imported from the sample spreadsheet as an
    // owner would import theirs (B17): a newcomer sees thousands of items, their variants and stock.
    const jayanagar = stores[2]!;
    await importInto(
      tx,
      { businessId, storeId: jayanagar.id, zoneId: jayanagar.zoneId },
      { body: sampleCatalogue(), kind: 'csv' },
      { makeCategories: true },
    );
    // The categories the file made are listed by name, as an owner's would be before reordering.
    const made = await tx
      .select({ id: t.categories.id })
      .from(t.categories)
      .where(and(ofBusiness(t.categories, { businessId }), eq(t.categories.storeId, jayanagar.id)))
      .orderBy(sql`lower(${t.categories.name})`, t.categories.id);
    for (const [index, category] of made.entries()) {
      await tx
        .update(t.categories)
        .set({ position: index + 1 })
        .where(and(ofBusiness(t.categories, { businessId }), eq(t.categories.id, category.id)));
    }

    await tx.insert(t.orderSettings).values({
      businessId,
      deliveryChargesEnabled: true,
      standardDeliveryChargesPaise: 3000,
      minimumOrderPaise: 9900,
      ...demoExecutiveFee,
    });
    await tx.insert(t.referralSettings).values({
      businessId,
      enabled: true,
      name: 'Invite a friend',
      type: 'DISCOUNT',
      usageLimit: 1,
      discountPercent: 10,
      maxDiscountPaise: 10000,
      minOrderValuePaise: 29900,
      validForDays: 30,
      referralMessage: 'Get 10% off your first Demo Fresh Mart order!',
    });
    await tx.insert(t.paymentModes).values([
      { businessId, title: 'Cash on delivery', type: 'COD', enabled: true },
      {
        businessId,
        title: 'UPI',
        type: 'UPI',
        enabled: true,
        upiName: 'Demo Fresh Mart',
        upiId: 'demofreshmart@upi',
      },
    ]);
    await tx.insert(t.helplines).values([
      { businessId, title: 'Customer care', phoneNumber: '18001234567' },
      { businessId, title: 'Store escalations', phoneNumber: '9845000000' },
    ]);
    await tx.insert(t.slides).values(
      demoSlides.map((slide, index) => ({
        businessId,
        title: slide.title,
        titleHi: slide.titleHi ?? null,
        titleKn: slide.titleKn ?? null,
        position: index + 1,
      })),
    );
    const today = new Date().toISOString().slice(0, 10);
    const inAMonth = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await tx.insert(t.coupons).values([
      {
        businessId,
        code: 'FRESH10',
        name: '10% off fresh produce',
        validFrom: today,
        expiresAt: inAMonth,
        type: 'DISCOUNT',
        discountPercent: 10,
        maxDiscountPaise: 5000,
        minOrderValuePaise: 19900,
        usageLimit: 500,
      },
      {
        businessId,
        code: 'FREEDEL',
        name: 'Free delivery weekend',
        validFrom: today,
        expiresAt: inAMonth,
        type: 'FREE_DELIVERY',
        discountPercent: 0,
        maxDiscountPaise: 0,
        minOrderValuePaise: 49900,
        usageLimit: 200,
      },
    ]);

    const customers = await tx
      .insert(t.customers)
      .values(
        Array.from({ length: 80 }, (_, i) => ({
          businessId,
          name: `${rand.pick(firstNames)} ${rand.pick(lastNames)}`,
          phone: `9${String(700000000 + i * 7919).padStart(9, '0')}`,
          createdAt: new Date(Date.now() - rand.int(0, 75) * 24 * 3600 * 1000),
        })),
      )
      .returning({
        id: t.customers.id,
        name: t.customers.name,
        phone: t.customers.phone,
        createdAt: t.customers.createdAt,
      });

    await seedOrders(tx, { businessId, stores, storeItems, customers, dexes, rand });
    // Two executives on duty near a store of their zone, so Dispatch shows someone; Dev Executive
    // (the demo's sign-in) starts off duty, as anyone does before their first shift.
    const onDuty = [
      { name: 'Ravi Kumar', near: storePlan[1]! },
      { name: 'Sameer Shaikh', near: storePlan[3]! },
    ];
    await tx.insert(t.executivePresence).values(
      dexes.map((dex) => {
        const shift = onDuty.find((d) => d.name === dex.name);
        return {
          userId: dex.id,
          businessId,
          onDuty: shift !== undefined,
          ...(shift
            ? { lat: shift.near.lat + 0.004, lng: shift.near.lng - 0.003, accuracy: 12, seenAt: new Date() }
            : {}),
        };
      }),
    );
    return businessId;
  });
  await pictureSlides(db, storage, businessId);

  log.info('Seeded the demo business "Demo Fresh Mart"');
}

/**
 * The demo's slides, with the words their pictures carry, as a business would publish them: each
 * promise is one the demo keeps (the coupons FREEDEL and FRESH10 above, at those minimums).
 */
export const demoSlides: Array<{
  title: string;
  /** The title in Hindi and Kannada (ADR 0085); the picture's words stay as drawn. */
  titleHi?: string;
  titleKn?: string;
  headline: string;
  line: string;
  colour: [number, number, number];
}> = [
  {
    title: 'Mango season: Alphonso mangoes in store',
    titleHi: 'आम का मौसम: अल्फांसो आम दुकान में',
    titleKn: 'ಮಾವಿನ ಹಣ್ಣಿನ ಕಾಲ: ಅಲ್ಫೋನ್ಸೋ ಮಾವು ಅಂಗಡಿಯಲ್ಲಿ',
    headline: 'Mango season',
    line: 'Alphonso mangoes in store',
    colour: [46, 125, 50],
  },
  {
    title: 'Free delivery over ₹499 with code FREEDEL',
    headline: 'Free delivery',
    line: 'Over ₹499: code FREEDEL',
    colour: [57, 73, 171],
  },
  {
    title: '10% off orders over ₹199 with code FRESH10',
    headline: '10% off',
    line: 'Over ₹199: code FRESH10',
    colour: [191, 54, 12],
  },
];

/**
 * A picture for each demo slide (its colour with its words on it, drawn in memory, under 15,360
 * bytes). Files go to storage first; a slide names its file only once the file is there.
 */
async function pictureSlides(db: Database, storage: Storage, businessId: string): Promise<void> {
  const slides = await db
    .select({ id: t.slides.id, title: t.slides.title })
    .from(t.slides)
    .where(ofBusiness(t.slides, { businessId }))
    .orderBy(t.slides.position);
  for (const slide of slides) {
    const words = demoSlides.find((each) => each.title === slide.title);
    if (!words) continue;
    const png = bannerPng(words.colour, words.headline, words.line);
    const key = imageKey(businessId, 'slides', '.png');
    await storage.put(key, png, 'image/png');
    await db
      .update(t.slides)
      .set({ imageKey: key })
      .where(and(ofBusiness(t.slides, { businessId }), eq(t.slides.id, slide.id)));
  }
}

/** The demo sign-in lines that still work: an account whose password was changed is left out. */
export async function demoCredentials(db: Database): Promise<string[]> {
  const lines: string[] = [];
  for (const account of Object.values(demoAccounts)) {
    const [user] = await db
      .select({ passwordHash: t.users.passwordHash })
      .from(t.users)
      .where(sql`lower(${t.users.email}) = ${account.email} AND ${t.users.deletedAt} IS NULL`);
    if (user && (await verifyPassword(user.passwordHash, account.password))) {
      lines.push(`${account.label}: ${account.email} / ${account.password}`);
    }
  }
  return lines;
}

async function seedOrders(
  tx: Transaction,
  input: {
    businessId: string;
    stores: Array<{ id: string; name: string; zoneId: string }>;
    storeItems: Map<string, Array<SeededItem>>;
    customers: Array<{ id: string; name: string; phone: string; createdAt: Date }>;
    dexes: Array<{ id: string; name: string; zoneId: string | null }>;
    rand: ReturnType<typeof prng>;
  },
) {
  const { businessId, stores, storeItems, customers, dexes, rand } = input;
  const now = Date.now();
  const deliveryPaise = 3000;
  const orderRows: Array<typeof t.orders.$inferInsert> = [];
  const count = 420;
  for (let i = 0; i < count; i++) {
    // More orders lately, and a handful still open from the last few hours.
    const ageMs =
      i < 12 ? rand.int(5, 300) * 60 * 1000 : Math.floor(rand.next() ** 1.6 * 60 * 24 * 3600 * 1000);
    const placedAt = new Date(now - ageMs);
    const store = rand.pick(stores);
    const catalogueOfStore = storeItems.get(store.id)!;
    const lines = Array.from({ length: rand.int(1, 5) }, () => rand.pick(catalogueOfStore));
    // One line per variant, as the customer app sends them (two sizes of one item are two lines).
    const unique = [...new Map(lines.map((l) => [l.variantId, l])).values()];
    const items = unique.map((l) => ({
      itemId: l.id,
      itemName: l.name,
      itemQuantity: rand.int(1, 4),
      itemPricePaise: l.pricePaise,
      variantId: l.variantId,
      variantLabel: l.variantLabel,
      mrpPaise: l.mrpPaise,
      ...(l.stepGrams === null ? {} : { stepGrams: l.stepGrams }),
      gstRate: l.gstRate,
      hsn: l.hsn,
    }));
    const itemsTotal = items.reduce((sum, l) => sum + l.itemQuantity * l.itemPricePaise, 0);
    const customer = rand.pick(customers);
    const status =
      i < 12
        ? rand.pick([OrderStatus.Placed, OrderStatus.Placed, OrderStatus.Confirmed, OrderStatus.PickedUp])
        : rand.next() < 0.12
          ? OrderStatus.Cancelled
          : OrderStatus.Delivered;
    const zoneDexes = dexes.filter((d) => d.zoneId === store.zoneId);
    const dex =
      status === OrderStatus.Placed || (status === OrderStatus.Cancelled && rand.next() < 0.5)
        ? null
        : rand.pick(zoneDexes);
    const charges = [{ chargeLabel: 'Delivery charges', chargeAmountPaise: deliveryPaise }];
    // Delivered to somewhere within 2 km of the store, paid by cash or UPI (received once delivered).
    const plan = storePlan.find((p) => p.name === store.name)!;
    const km = rand.next() * 2;
    const bearing = rand.next() * 2 * Math.PI;
    const paymentMode = rand.next() < 0.65 ? 'COD' : 'UPI';
    const paid =
      status === OrderStatus.Delivered ||
      (paymentMode === 'UPI' && status !== OrderStatus.Cancelled && rand.next() < 0.5);
    const paidAt = paid ? new Date(placedAt.getTime() + rand.int(20, 55) * 60 * 1000) : null;
    orderRows.push({
      businessId,
      zoneId: store.zoneId,
      storeId: store.id,
      storeName: store.name,
      customerId: customer.id,
      customerName: customer.name,
      customerPhone: customer.phone,
      placedAt,
      status,
      state: orderStateFor(status),
      items,
      charges,
      itemsTotalPaise: itemsTotal,
      chargesTotalPaise: deliveryPaise,
      billAmountPaise: itemsTotal + deliveryPaise,
      dexId: dex?.id ?? null,
      dexName: dex?.name ?? null,
      deliveryAddress: {
        label: rand.pick(['Home', 'Home', 'Work', 'Parents']),
        text: `${rand.int(1, 240)}, ${rand.pick(demoStreets)}, ${plan.location}`,
        landmark: rand.next() < 0.5 ? rand.pick(demoLandmarks) : '',
        lat: Math.round((plan.lat + (km / 111.2) * Math.cos(bearing)) * 1e6) / 1e6,
        lng:
          Math.round(
            (plan.lng + (km / (111.2 * Math.cos((plan.lat * Math.PI) / 180))) * Math.sin(bearing)) * 1e6,
          ) / 1e6,
      },
      paymentMode,
      paidAt,
      paidByName: paid ? (dex?.name ?? 'Olivia Owner') : null,
      // Delivered when paid; cash on delivery collected by its executive.
      ...(status === OrderStatus.Delivered
        ? {
            deliveredAt: paidAt,
            cashCollectedPaise: paymentMode === 'COD' ? itemsTotal + deliveryPaise : null,
          }
        : {}),
      note: rand.next() < 0.2 ? rand.pick(demoNotes) : null,
      deliveryCode: String(rand.int(0, 9999)).padStart(4, '0'),
      executiveFeePaise: executiveFeePaise(
        {
          perDeliveryPaise: demoExecutiveFee.executiveFeePaise,
          perKmPaise: demoExecutiveFee.executiveFeePerKmPaise,
        },
        km,
      ),
      updatedAt: placedAt,
    });
  }
  orderRows.sort((a, b) => (a.placedAt as Date).getTime() - (b.placedAt as Date).getTime());
  const inserted = await tx.insert(t.orders).values(orderRows).returning({
    id: t.orders.id,
    status: t.orders.status,
    placedAt: t.orders.placedAt,
    dexId: t.orders.dexId,
    dexName: t.orders.dexName,
  });
  // One delivery in five had a tip in cash at the door, which its executive recorded.
  const tips = inserted
    .filter((order) => order.status === OrderStatus.Delivered && order.dexId && rand.next() < 0.2)
    .map((order) => ({
      businessId,
      orderId: order.id,
      executiveId: order.dexId!,
      amountPaise: rand.pick([1000, 2000, 2000, 3000, 5000]),
      method: 'CASH' as const,
      state: 'PAID' as const,
      paidAt: new Date(order.placedAt.getTime() + 60 * 60 * 1000),
    }));
  for (let i = 0; i < tips.length; i += 1000) await tx.insert(t.tips).values(tips.slice(i, i + 1000));

  const timeline: Array<typeof t.orderEvents.$inferInsert> = [];
  for (const order of inserted) {
    const at = (minutes: number) => new Date(order.placedAt.getTime() + minutes * 60 * 1000);
    timeline.push({
      orderId: order.id,
      businessId,
      fromStatus: null,
      toStatus: OrderStatus.Placed,
      actorName: 'Customer app',
      createdAt: order.placedAt,
    });
    const path: number[] =
      order.status === OrderStatus.Delivered
        ? [OrderStatus.Confirmed, OrderStatus.PickedUp, OrderStatus.Delivered]
        : order.status === OrderStatus.Cancelled
          ? order.dexId
            ? [OrderStatus.Confirmed, OrderStatus.Cancelled]
            : [OrderStatus.Cancelled]
          : order.status === OrderStatus.PickedUp
            ? [OrderStatus.Confirmed, OrderStatus.PickedUp]
            : order.status === OrderStatus.Confirmed
              ? [OrderStatus.Confirmed]
              : [];
    let from: number = OrderStatus.Placed;
    path.forEach((to, step) => {
      const withDex = to === OrderStatus.Confirmed;
      timeline.push({
        orderId: order.id,
        businessId,
        fromStatus: from,
        toStatus: to,
        dexId: withDex ? order.dexId : null,
        dexName: withDex ? order.dexName : null,
        actorName: 'Arun Admin',
        createdAt: at((step + 1) * 8),
      });
      from = to;
    });
  }
  for (let i = 0; i < timeline.length; i += 1000)
    await tx.insert(t.orderEvents).values(timeline.slice(i, i + 1000));

  // As a business that has run for a while: every day's cash before today is handed over, and every
  // executive is paid out up to last Sunday (ADR 0073), so Payouts and Earnings show this week's.
  await tx.execute(sql`
    INSERT INTO cash_settlements (business_id, executive_id, day, amount_paise, settled_by_name, settled_at)
    SELECT o.business_id, o.dex_id, (o.delivered_at AT TIME ZONE b.time_zone)::date,
      sum(o.cash_collected_paise), 'Olivia Owner', max(o.delivered_at) + interval '12 hours'
    FROM orders o JOIN businesses b ON b.id = o.business_id
    WHERE ${sqlOfBusiness('o', { businessId })} AND o.cash_collected_paise IS NOT NULL AND o.dex_id IS NOT NULL
      AND (o.delivered_at AT TIME ZONE b.time_zone)::date < (now() AT TIME ZONE b.time_zone)::date
    GROUP BY 1, 2, 3`);
  await tx.execute(sql`
    WITH week AS (
      SELECT date_trunc('week', now() AT TIME ZONE b.time_zone)::date AS monday, b.time_zone FROM businesses b
      WHERE b.id = ${businessId}
    ),
    earned AS (
      SELECT o.dex_id, min((o.delivered_at AT TIME ZONE b.time_zone)::date) AS from_day,
        sum(coalesce(o.executive_fee_paise, 0)) AS fees, gen_random_uuid() AS payout_id
      FROM orders o JOIN businesses b ON b.id = o.business_id, week
      WHERE ${sqlOfBusiness('o', { businessId })} AND o.status = ${OrderStatus.Delivered} AND o.dex_id IS NOT NULL
        AND (o.delivered_at AT TIME ZONE b.time_zone)::date < week.monday
      GROUP BY 1
    ),
    paid AS (
      INSERT INTO payouts (id, business_id, executive_id, from_day, to_day, earnings_paise, cash_netted_paise,
        amount_paise, paid_by_name, paid_at)
      SELECT e.payout_id, ${businessId}, e.dex_id, e.from_day, week.monday - 1, e.fees, 0, e.fees,
        'Olivia Owner', week.monday::timestamp AT TIME ZONE week.time_zone
      FROM earned e, week
      RETURNING id, executive_id
    )
    UPDATE orders o SET payout_id = paid.id
    FROM paid, businesses b, week
    WHERE ${sqlOfBusiness('o', { businessId })} AND b.id = o.business_id AND o.dex_id = paid.executive_id
      AND o.status = ${OrderStatus.Delivered} AND (o.delivered_at AT TIME ZONE b.time_zone)::date < week.monday`);

  // The dashboard's counters, derived from the orders just written, by the days of the business's time zone.
  await recountDailyStats(tx, { businessId });
  await recountSalesStats(tx, { businessId });
}
