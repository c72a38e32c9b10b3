import { describe, expect, it } from 'vitest';
import { translator } from '@/testing/translate.ts';
import { messages } from '@storedesk/shared/messages';
import { englishTexts, type Texts } from '@storedesk/web/texts';
import { storeStatusLabels, type StoreStatus } from '@storedesk/shared/stores/schemas';
import {
  bandWords,
  deliveryRuleSummary,
  type DeliveryFeeBand,
  type StoreDeliveryRule,
} from '@storedesk/shared/stores/delivery-rule';
import { storeStatusText } from '@/i18n/codes.ts';
import { bandText, deliveryRuleText, slotRuleText } from './store-words.ts';

const english = translator('en');
const hindi = translator('hi');
const kannada = translator('kn');
/** The shared pieces' words as a catalogue says them. */
const textsOf =
  (t: typeof english): Texts['text'] =>
  (id, values) =>
    t(id, values);

const band = (fromKm: number, feePaise: number): DeliveryFeeBand => ({ fromKm, feePaise });

describe('a store’s words', () => {
  it('says each status as the server’s English says it, and in Hindi and Kannada', () => {
    for (const [code, label] of Object.entries(storeStatusLabels))
      expect(english(storeStatusText[Number(code) as StoreStatus])).toBe(label);
    expect(hindi(storeStatusText[1])).toBe('खुला');
    expect(kannada(storeStatusText[0])).toBe('ಮುಚ್ಚಿದೆ');
  });

  it('asks for the point on the map in the shared message’s English', () => {
    expect(english('storeForm.pickOnMap')).toBe(messages.storeLocation);
  });

  it('says a slot rule as the console always has in English, and in Hindi', () => {
    expect(slotRuleText({ lengthMinutes: 60, capacity: 5, daysAhead: 2 }, english)).toBe(
      'Slots of 60 min, 5 orders each, 2 days ahead',
    );
    expect(slotRuleText({ lengthMinutes: 30, capacity: 1, daysAhead: 1 }, english)).toBe(
      'Slots of 30 min, 1 order each, 1 day ahead',
    );
    expect(slotRuleText({ lengthMinutes: 120, capacity: 20, daysAhead: 0 }, english)).toBe(
      'Slots of 120 min, 20 orders each, today only',
    );
    expect(slotRuleText({ lengthMinutes: 15, capacity: 1000, daysAhead: 14 }, english)).toBe(
      'Slots of 15 min, 1000 orders each, 14 days ahead',
    );
    expect(slotRuleText({ lengthMinutes: 60, capacity: 5, daysAhead: 2 }, hindi)).toBe(
      '60 मिनट के स्लॉट, हर स्लॉट में 5 ऑर्डर, 2 दिन आगे तक',
    );
    expect(slotRuleText({ lengthMinutes: 30, capacity: 1, daysAhead: 0 }, kannada)).toBe(
      '30 ನಿಮಿಷದ ಸ್ಲಾಟ್‌ಗಳು, ಪ್ರತಿ ಸ್ಲಾಟ್‌ಗೆ 1 ಆರ್ಡರ್, ಇಂದು ಮಾತ್ರ',
    );
  });

  it('says a delivery rule and its bands as the shared rule words them in English, and in Hindi', () => {
    const rules: StoreDeliveryRule[] = [
      { minimumOrderPaise: 19_900, feeBands: [band(0, 2_000), band(2, 4_000)], freeFromPaise: 49_900 },
      { minimumOrderPaise: 0, feeBands: [band(0, 3_000)], freeFromPaise: null },
      { minimumOrderPaise: 9_900, feeBands: [band(0, 0)], freeFromPaise: 49_900 },
      {
        minimumOrderPaise: 0,
        feeBands: [band(0, 1_000), band(2.5, 2_000), band(5, 3_000)],
        freeFromPaise: 0,
      },
    ];
    for (const rule of rules) {
      expect(deliveryRuleText(rule, english, englishTexts.text)).toBe(deliveryRuleSummary(rule));
      rule.feeBands.forEach((_, index) =>
        expect(bandText(rule.feeBands, index, englishTexts.text)).toBe(bandWords(rule.feeBands, index)),
      );
    }
    expect(deliveryRuleText(rules[0]!, hindi, textsOf(hindi))).toBe(
      'न्यूनतम ऑर्डर ₹199.00 · डिलीवरी ₹20.00–₹40.00, दूरी के अनुसार · ₹499.00 से मुफ़्त',
    );
    expect(bandText(rules[3]!.feeBands, 1, textsOf(hindi))).toBe('2.5–5 कि.मी.');
  });
});
