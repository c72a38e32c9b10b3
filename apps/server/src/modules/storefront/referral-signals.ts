import { createHash } from 'node:crypto';
import ngeohash from 'ngeohash';

/**
 * What a referral programme's first-order offer is given once to (ADR 0058), whatever the phone:
 * the delivery address (its words, in its neighbourhood) and the device the customer app runs on.
 * Kept as hashes: a claim says only that an offer went there.
 */
export type ReferralSignal = { signal: 'address' | 'device'; hash: Buffer };

const hash = (text: string) => createHash('sha256').update(text).digest();

/** An address's words as its letters and digits only: "Flat 4-B, 12th Main" is "flat4b12thmain". */
const wordsOf = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The customer app's own id of the device, as it sends it (a random UUID it keeps). */
const devicePattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function referralSignals(
  address: { text: string; landmark: string; lat: number; lng: number } | null,
  deviceId: string | null,
): ReferralSignal[] {
  const signals: ReferralSignal[] = [];
  if (address) {
    // The same words within about 150 m are one address; a neighbour's flat number is another.
    const cell = ngeohash.encode(address.lat, address.lng, 7);
    signals.push({
      signal: 'address',
      hash: hash(`${cell}:${wordsOf(`${address.text} ${address.landmark}`)}`),
    });
  }
  if (deviceId && devicePattern.test(deviceId)) {
    signals.push({ signal: 'device', hash: hash(deviceId.toLowerCase()) });
  }
  return signals;
}
