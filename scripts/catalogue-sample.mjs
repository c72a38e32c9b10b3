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

/** Each brand, grade and product in Hindi and Kannada, for the `name_hi` and `name_kn` columns (ADR 0085). */
const local = {
  Annapurna: ['अन्नपूर्णा', 'ಅನ್ನಪೂರ್ಣ'],
  Sunrise: ['सनराइज़', 'ಸನ್‌ರೈಸ್'],
  'Green Valley': ['ग्रीन वैली', 'ಗ್ರೀನ್ ವ್ಯಾಲಿ'],
  Kaveri: ['कावेरी', 'ಕಾವೇರಿ'],
  Malnad: ['मलनाड', 'ಮಲೆನಾಡು'],
  Deccan: ['दक्कन', 'ಡೆಕ್ಕನ್'],
  Nandi: ['नंदी', 'ನಂದಿ'],
  Tulsi: ['तुलसी', 'ತುಳಸಿ'],
  Sahyadri: ['सह्याद्रि', 'ಸಹ್ಯಾದ್ರಿ'],
  Coastal: ['कोस्टल', 'ಕೋಸ್ಟಲ್'],
  'Premium ': ['प्रीमियम ', 'ಪ್ರೀಮಿಯಂ '],
  'Organic ': ['ऑर्गेनिक ', 'ಸಾವಯವ '],
  'Classic ': ['क्लासिक ', 'ಕ್ಲಾಸಿಕ್ '],
  'Select ': ['सिलेक्ट ', 'ಸೆಲೆಕ್ಟ್ '],
  'Basmati Rice': ['बासमती चावल', 'ಬಾಸ್ಮತಿ ಅಕ್ಕಿ'],
  'Sona Masoori Rice': ['सोना मसूरी चावल', 'ಸೋನಾ ಮಸೂರಿ ಅಕ್ಕಿ'],
  'Whole Wheat Atta': ['गेहूँ का आटा', 'ಗೋಧಿ ಹಿಟ್ಟು'],
  'Toor Dal': ['तूर दाल', 'ತೊಗರಿ ಬೇಳೆ'],
  'Moong Dal': ['मूंग दाल', 'ಹೆಸರು ಬೇಳೆ'],
  'Chana Dal': ['चना दाल', 'ಕಡಲೆ ಬೇಳೆ'],
  'Urad Dal': ['उड़द दाल', 'ಉದ್ದಿನ ಬೇಳೆ'],
  Poha: ['पोहा', 'ಅವಲಕ್ಕಿ'],
  Rava: ['रवा', 'ರವೆ'],
  Sugar: ['चीनी', 'ಸಕ್ಕರೆ'],
  Jaggery: ['गुड़', 'ಬೆಲ್ಲ'],
  'Iodised Salt': ['आयोडीन युक्त नमक', 'ಅಯೋಡಿನ್ ಉಪ್ಪು'],
  'Sunflower Oil': ['सूरजमुखी तेल', 'ಸೂರ್ಯಕಾಂತಿ ಎಣ್ಣೆ'],
  'Groundnut Oil': ['मूंगफली तेल', 'ಕಡಲೆಕಾಯಿ ಎಣ್ಣೆ'],
  'Mustard Oil': ['सरसों तेल', 'ಸಾಸಿವೆ ಎಣ್ಣೆ'],
  'Coconut Oil': ['नारियल तेल', 'ತೆಂಗಿನ ಎಣ್ಣೆ'],
  'Cow Ghee': ['गाय का घी', 'ಹಸುವಿನ ತುಪ್ಪ'],
  'Toned Milk': ['टोंड दूध', 'ಟೋನ್ಡ್ ಹಾಲು'],
  'Full Cream Milk': ['फुल क्रीम दूध', 'ಫುಲ್ ಕ್ರೀಮ್ ಹಾಲು'],
  Curd: ['दही', 'ಮೊಸರು'],
  Paneer: ['पनीर', 'ಪನೀರ್'],
  Butter: ['मक्खन', 'ಬೆಣ್ಣೆ'],
  'Cheese Slices': ['चीज़ स्लाइस', 'ಚೀಸ್ ಸ್ಲೈಸ್'],
  'Salted Chips': ['नमकीन चिप्स', 'ಉಪ್ಪು ಚಿಪ್ಸ್'],
  'Masala Peanuts': ['मसाला मूंगफली', 'ಮಸಾಲಾ ಕಡಲೆಕಾಯಿ'],
  'Aloo Bhujia': ['आलू भुजिया', 'ಆಲೂ ಭುಜಿಯಾ'],
  'Marie Biscuits': ['मैरी बिस्कुट', 'ಮೇರಿ ಬಿಸ್ಕತ್ತು'],
  'Cream Biscuits': ['क्रीम बिस्कुट', 'ಕ್ರೀಮ್ ಬಿಸ್ಕತ್ತು'],
  Khakhra: ['खाखरा', 'ಖಾಖ್ರಾ'],
  'Tea Leaves': ['चाय पत्ती', 'ಚಹಾ ಪುಡಿ'],
  'Filter Coffee': ['फ़िल्टर कॉफ़ी', 'ಫಿಲ್ಟರ್ ಕಾಫಿ'],
  'Instant Coffee': ['इंस्टेंट कॉफ़ी', 'ಇನ್‌ಸ್ಟಂಟ್ ಕಾಫಿ'],
  'Mango Drink': ['आम का पेय', 'ಮಾವಿನ ಪಾನೀಯ'],
  Soda: ['सोडा', 'ಸೋಡಾ'],
  'Bathing Soap': ['नहाने का साबुन', 'ಸ್ನಾನದ ಸಾಬೂನು'],
  Shampoo: ['शैम्पू', 'ಶಾಂಪೂ'],
  Toothpaste: ['टूथपेस्ट', 'ಟೂತ್‌ಪೇಸ್ಟ್'],
  'Coconut Hair Oil': ['नारियल बालों का तेल', 'ತೆಂಗಿನ ಕೂದಲೆಣ್ಣೆ'],
  'Detergent Powder': ['डिटर्जेंट पाउडर', 'ಡಿಟರ್ಜೆಂಟ್ ಪುಡಿ'],
  'Dishwash Bar': ['बर्तन धोने की बट्टी', 'ಪಾತ್ರೆ ತೊಳೆಯುವ ಸೋಪು'],
  'Floor Cleaner': ['फ़र्श क्लीनर', 'ನೆಲ ಸ್ವಚ್ಛಕ'],
  'Garbage Bags': ['कचरा बैग', 'ಕಸದ ಚೀಲಗಳು'],
  'Turmeric Powder': ['हल्दी पाउडर', 'ಅರಿಶಿನ ಪುಡಿ'],
  'Red Chilli Powder': ['लाल मिर्च पाउडर', 'ಕೆಂಪು ಮೆಣಸಿನ ಪುಡಿ'],
  'Coriander Powder': ['धनिया पाउडर', 'ಕೊತ್ತಂಬರಿ ಪುಡಿ'],
  'Garam Masala': ['गरम मसाला', 'ಗರಂ ಮಸಾಲಾ'],
  'Sambar Powder': ['सांबर पाउडर', 'ಸಾಂಬಾರ್ ಪುಡಿ'],
  'Cumin Seeds': ['जीरा', 'ಜೀರಿಗೆ'],
  'Chicken Curry Cut': ['चिकन करी कट', 'ಚಿಕನ್ ಕರಿ ಕಟ್'],
  'Frozen Prawns': ['फ़्रोज़न झींगे', 'ಫ್ರೋಜನ್ ಸಿಗಡಿ'],
  'Chicken Nuggets': ['चिकन नगेट्स', 'ಚಿಕನ್ ನಗೆಟ್ಸ್'],
  Loose: ['खुला', 'ಬಿಡಿ'],
  Onion: ['प्याज़', 'ಈರುಳ್ಳಿ'],
  Potato: ['आलू', 'ಆಲೂಗಡ್ಡೆ'],
  Tomato: ['टमाटर', 'ಟೊಮೆಟೊ'],
  Carrot: ['गाजर', 'ಕ್ಯಾರೆಟ್'],
  Beans: ['बीन्स', 'ಬೀನ್ಸ್'],
  'Green Chilli': ['हरी मिर्च', 'ಹಸಿರು ಮೆಣಸಿನಕಾಯಿ'],
  Ginger: ['अदरक', 'ಶುಂಠಿ'],
  Garlic: ['लहसुन', 'ಬೆಳ್ಳುಳ್ಳಿ'],
};

/** A name in Hindi (0) or Kannada (1), each of its parts looked up (spaces kept); a part without words fails the script. */
const inLanguage = (language, ...parts) =>
  parts
    .map((part) => {
      if (part.trim() === '') return part;
      const words = local[part];
      if (!words) throw new Error(`no Hindi or Kannada for "${part}"`);
      return words[language];
    })
    .join('');

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
const lines = [
  'sku,name,name_hi,name_kn,category,variant,price,mrp,stock,gst,hsn,veg,barcode,low_stock,step_g,max_g',
];
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
              inLanguage(0, brand, ' ', grade, product),
              inLanguage(1, brand, ' ', grade, product),
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
      inLanguage(0, 'Loose', ' ', product),
      inLanguage(1, 'Loose', ' ', product),
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
