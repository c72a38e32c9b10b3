/**
 * Authenticator codes (RFC 6238): 30 s steps, and a code is taken in the step it was made for
 * and one step either side (a clock a little off), never two.
 */
import { describe, expect, it } from 'vitest';
import { matchingStep, stepAt, totpAt } from './totp.ts';

// RFC 6238's test secret, "12345678901234567890", in base32.
const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('an authenticator code', () => {
  it('is RFC 6238’s: the last six digits of its SHA-1 test vectors', () => {
    expect(totpAt(secret, stepAt(59_000))).toBe('287082');
    expect(totpAt(secret, stepAt(1_111_111_109_000))).toBe('081804');
  });

  it('is taken from one step before to one step after now, and refused two steps either side', () => {
    // The middle of a step, so that no step boundary is near.
    const now = Date.parse('2026-11-20T19:00:15Z');
    const current = stepAt(now);
    const at = (offset: number) => matchingStep(secret, totpAt(secret, current + offset), now);
    expect([-2, -1, 0, 1, 2].map(at)).toEqual([null, current - 1, current, current + 1, null]);
  });

  it('is refused when it is not six digits of the step', () => {
    const now = Date.parse('2026-11-20T19:00:15Z');
    const code = totpAt(secret, stepAt(now));
    expect(matchingStep(secret, code.slice(0, 5), now)).toBeNull();
    expect(matchingStep(secret, `${code}0`, now)).toBeNull();
  });
});
