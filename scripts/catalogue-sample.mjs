#!/usr/bin/env node
/*
 * Writes the sample grocer's catalogue (apps/server/src/modules/catalogue/catalogue-sample.csv): a few
 * thousand variant rows in the import's columns, the same every run. The demo seed imports it
 * into one store; the console offers it as the import's example.
 *
 *   node scripts/catalogue-sample.mjs
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(
  new URL('../apps/server/src/modules/catalogue/catalogue-sample.csv', import.meta.url),
);

// A small generator of its own, so the file is the same on every machine.
let state = 20261129;
const next = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};

const brands = [
  'Annapurna',
  'Sunrise',
  'Green Valley',
  'Kaveri',
  'Malnad',
  'Deccan',
  'Nandi',
  'Tulsi',
  'Sahyadri',
  'Coastal',
];

/** [category, gst, hsn, veg, [[product, [[variant, rupees per unit]…]]…]] */
const aisles = [
  [
    'Staples',
    5,
    '1006',
    true,
    [
      [
        'Basmati Rice',
        [
          ['1 kg', 140],
          ['5 kg', 660],
        ],
      ],
      [
        'Sona Masoori Rice',
        [
          ['1 kg', 72],
          ['5 kg', 345],
          ['10 kg', 680],
        ],
      ],
      [
        'Whole Wheat Atta',
        [
          ['1 kg', 58],
          ['5 kg', 260],
          ['10 kg', 505],
        ],
      ],
      [
        'Toor Dal',
        [
          ['500 g', 95],
          ['1 kg', 182],
        ],
      ],
      [
        'Moong Dal',
        [
          ['500 g', 88],
          ['1 kg', 170],
        ],
      ],
      [
        'Chana Dal',
        [
          ['500 g', 62],
          ['1 kg', 118],
        ],
      ],
      [
        'Urad Dal',
        [
          ['500 g', 84],
          ['1 kg', 160],
        ],
      ],
      [
        'Poha',
        [
          ['500 g', 42],
          ['1 kg', 80],
        ],
      ],
      [
        'Rava',
        [
          ['500 g', 36],
          ['1 kg', 68],
        ],
      ],
      [
        'Sugar',
        [
          ['1 kg', 48],
          ['5 kg', 232],
        ],
      ],
      [
        'Jaggery',
        [
          ['500 g', 55],
          ['1 kg', 105],
        ],
      ],
      ['Iodised Salt', [['1 kg', 28]]],
    ],
  ],
  [
    'Oils & Ghee',
    5,
    '1512',
    true,
    [
      [
        'Sunflower Oil',
        [
          ['1 l', 165],
          ['5 l', 790],
        ],
      ],
      [
        'Groundnut Oil',
        [
          ['1 l', 210],
          ['5 l', 1010],
        ],
      ],
      ['Mustard Oil', [['1 l', 185]]],
      [
        'Coconut Oil',
        [
          ['500 ml', 125],
          ['1 l', 240],
        ],
      ],
      [
        'Cow Ghee',
        [
          ['500 ml', 330],
          ['1 l', 640],
        ],
      ],
    ],
  ],
  [
    'Dairy & Eggs',
    0,
    '0401',
    true,
    [
      [
        'Toned Milk',
        [
          ['500 ml', 28],
          ['1 l', 54],
        ],
      ],
      [
        'Full Cream Milk',
        [
          ['500 ml', 34],
          ['1 l', 68],
        ],
      ],
      [
        'Curd',
        [
          ['400 g', 45],
          ['1 kg', 105],
        ],
      ],
      [
        'Paneer',
        [
          ['200 g', 95],
          ['500 g', 230],
        ],
      ],
      [
        'Butter',
        [
          ['100 g', 58],
          ['500 g', 275],
        ],
      ],
      ['Cheese Slices', [['200 g', 140]]],
    ],
  ],
  [
    'Snacks',
    12,
    '1905',
    true,
    [
      [
        'Salted Chips',
        [
          ['50 g', 20],
          ['150 g', 55],
        ],
      ],
      ['Masala Peanuts', [['200 g', 60]]],
      [
        'Aloo Bhujia',
        [
          ['200 g', 55],
          ['400 g', 105],
        ],
      ],
      ['Marie Biscuits', [['250 g', 35]]],
      [
        'Cream Biscuits',
        [
          ['100 g', 30],
          ['300 g', 85],
        ],
      ],
      ['Khakhra', [['200 g', 75]]],
    ],
  ],
  [
    'Beverages',
    18,
    '2101',
    true,
    [
      [
        'Tea Leaves',
        [
          ['250 g', 140],
          ['500 g', 270],
          ['1 kg', 520],
        ],
      ],
      [
        'Filter Coffee',
        [
          ['200 g', 150],
          ['500 g', 360],
        ],
      ],
      [
        'Instant Coffee',
        [
          ['50 g', 165],
          ['100 g', 310],
        ],
      ],
      [
        'Mango Drink',
        [
          ['600 ml', 40],
          ['1.2 l', 75],
        ],
      ],
      ['Soda', [['750 ml', 25]]],
    ],
  ],
  [
    'Personal Care',
    18,
    '3401',
    true,
    [
      [
        'Bathing Soap',
        [
          ['100 g', 40],
          ['Pack of 4', 150],
        ],
      ],
      [
        'Shampoo',
        [
          ['180 ml', 140],
          ['340 ml', 250],
        ],
      ],
      [
        'Toothpaste',
        [
          ['100 g', 55],
          ['200 g', 105],
        ],
      ],
      [
        'Coconut Hair Oil',
        [
          ['200 ml', 90],
          ['500 ml', 210],
        ],
      ],
    ],
  ],
  [
    'Household',
    18,
    '3402',
    true,
    [
      [
        'Detergent Powder',
        [
          ['1 kg', 110],
          ['4 kg', 420],
        ],
      ],
      [
        'Dishwash Bar',
        [
          ['200 g', 20],
          ['Pack of 3', 58],
        ],
      ],
      [
        'Floor Cleaner',
        [
          ['500 ml', 105],
          ['1 l', 195],
        ],
      ],
      ['Garbage Bags', [['Pack of 30', 95]]],
    ],
  ],
  [
    'Spices',
    5,
    '0910',
    true,
    [
      [
        'Turmeric Powder',
        [
          ['100 g', 32],
          ['200 g', 60],
        ],
      ],
      [
        'Red Chilli Powder',
        [
          ['100 g', 45],
          ['200 g', 86],
        ],
      ],
      [
        'Coriander Powder',
        [
          ['100 g', 30],
          ['200 g', 56],
        ],
      ],
      [
        'Garam Masala',
        [
          ['50 g', 48],
          ['100 g', 90],
        ],
      ],
      [
        'Sambar Powder',
        [
          ['100 g', 52],
          ['200 g', 98],
        ],
      ],
      [
        'Cumin Seeds',
        [
          ['100 g', 65],
          ['200 g', 125],
        ],
      ],
    ],
  ],
  [
    'Frozen & Meat',
    5,
    '0207',
    false,
    [
      [
        'Chicken Curry Cut',
        [
          ['500 g', 160],
          ['1 kg', 310],
        ],
      ],
      ['Frozen Prawns', [['250 g', 240]]],
      ['Chicken Nuggets', [['400 g', 220]]],
    ],
  ],
];

const field = (value) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const lines = ['sku,name,category,variant,price,mrp,stock,gst,hsn,veg,barcode,low_stock,step_g,max_g'];
let count = 0;
for (const [category, gst, hsn, veg, products] of aisles) {
  for (const brand of brands) {
    for (const [product, variants] of products) {
      // Each brand's own take on a product: its name, and a price a little off the aisle's.
      for (const grade of ['', 'Premium ', 'Organic ', 'Classic ', 'Select ']) {
        const name = `${brand} ${grade}${product}`;
        const factor =
          ({ 'Premium ': 1.25, 'Organic ': 1.4, 'Classic ': 0.95, 'Select ': 1.1 }[grade] ?? 1) *
          (0.9 + next() * 0.2);
        variants.forEach(([variant, rupees], index) => {
          const price = Math.round(rupees * factor);
          const mrp = next() < 0.6 ? Math.ceil(price * (1.04 + next() * 0.12)) : '';
          const counted = next() < 0.5;
          // Mostly well stocked; one counted pack in fifty sold out, as on a real shelf.
          const stock = counted ? String(next() < 0.02 ? 0 : 10 + Math.floor(next() * 90)) : '';
          const code = `${brand.slice(0, 3).toUpperCase()}-${String(++count).padStart(5, '0')}`;
          const barcode = `890${String(1_000_000_000 + count * 7919).slice(0, 10)}`;
          lines.push(
            [
              code,
              name,
              category,
              variant,
              price.toFixed(2),
              mrp === '' ? '' : mrp.toFixed(2),
              stock,
              String(gst),
              hsn,
              veg ? 'yes' : 'no',
              barcode,
              counted && index === 0 ? '8' : '',
              '',
              '',
            ]
              .map(field)
              .join(','),
          );
        });
      }
    }
  }
}

/**
 * Vegetables sold loose (B17): rupees a kilogram, weighed out in 250 g steps up to 5 kg; the
 * stock is in grams. Written last, so the rows before them are as they always were.
 */
const loose = [
  ['Onion', 36, 40, 'pyaaz'],
  ['Potato', 32, 35],
  ['Tomato', 40, 45],
  ['Carrot', 60, 64],
  ['Beans', 80, 90],
  ['Green Chilli', 120, ''],
  ['Ginger', 160, 180],
  ['Garlic', 240, 260],
];
for (const [index, [product, rupees, mrp]] of loose.entries()) {
  const code = `LOOSE-${String(++count).padStart(5, '0')}`;
  const stock = String((10 + index * 5) * 1000);
  lines.push(
    [
      code,
      `Loose ${product}`,
      'Fresh Vegetables',
      '',
      rupees.toFixed(2),
      mrp === '' ? '' : mrp.toFixed(2),
      stock,
      '0',
      '0703',
      'yes',
      '',
      '2000',
      '250',
      '5000',
    ]
      .map(field)
      .join(','),
  );
}
writeFileSync(out, `${lines.join('\r\n')}\r\n`);
console.log(`${count} rows written to ${out}`);
