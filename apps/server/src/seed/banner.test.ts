import { describe, expect, it } from 'vitest';
import { limits } from '@storedesk/shared/limits';
import { bannerPng, drawable } from './banner.ts';
import { demoSlides } from './demo.ts';

describe('the demo’s slide pictures', () => {
  it('carry every word of their slide, within the picture, each under the slides’ size limit', () => {
    for (const slide of demoSlides) {
      expect(drawable(slide.headline), slide.headline).toBe(true);
      expect(drawable(slide.line), slide.line).toBe(true);
      // 24 px a character large, 18 below: the longest must leave a margin in 480 px.
      expect([...slide.headline].length * 24, slide.headline).toBeLessThanOrEqual(456);
      expect([...slide.line].length * 18, slide.line).toBeLessThanOrEqual(456);
      const png = bannerPng(slide.colour, slide.headline, slide.line);
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(png.length, slide.title).toBeLessThanOrEqual(limits.imageMaxBytes);
    }
  });

  it('says which words it cannot draw', () => {
    expect(drawable('Over ₹499: code FREEDEL')).toBe(true);
    expect(drawable('Mangoes ☀')).toBe(false);
    expect(drawable('café')).toBe(false);
  });
});
