import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorefrontSlide } from '@storedesk/shared/slides/schemas';
import { inLanguage } from '../testing/in-language.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const slide = (n: number, more: Partial<StorefrontSlide> = {}): StorefrontSlide => ({
  id: `slide-${n}`,
  title: `Slide ${n}`,
  titleHi: null,
  titleKn: null,
  position: n,
  imageUrl: `/files/slides/${n}.png`,
  ...more,
});

const monsoon = slide(1, { title: 'Monsoon offers', titleHi: 'मानसून ऑफ़र', titleKn: 'ಮಳೆಗಾಲದ ಕೊಡುಗೆಗಳು' });
const fresh = slide(2, { title: 'Fresh mangoes' });

/** The home page's slides as the phone shows them, the server answering `slides`. */
async function openSlides(slides: StorefrontSlide[]) {
  // Reduced motion: the slides stay where they are, not moving on while the test reads them.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ items: slides }), { status: 200 })),
  );
  vi.resetModules();
  const { Slides } = await import('./home.tsx');
  render(await inLanguage(createElement(Slides)));
  return screen.findByRole('img');
}

describe('the slides in the language shown (ADR 0085)', () => {
  it('shows a Hindi phone the Hindi title, and the English of a slide without one, marked as English', async () => {
    localStorage.setItem('storedesk:dev:language', '"hi"');
    const image = await openSlides([monsoon, fresh]);
    expect(image.getAttribute('alt')).toBe('मानसून ऑफ़र');
    expect(image.getAttribute('lang')).toBeNull();
    expect(screen.getByRole('button', { name: 'मानसून ऑफ़र दिखाएँ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fresh mangoes दिखाएँ' })).toBeTruthy();

    cleanup();
    const alone = await openSlides([fresh]);
    expect(alone.getAttribute('alt')).toBe('Fresh mangoes');
    expect(alone.getAttribute('lang')).toBe('en');
  });

  it('shows a Kannada phone the Kannada title, and an English phone the English', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['kn-IN']);
    expect((await openSlides([monsoon])).getAttribute('alt')).toBe('ಮಳೆಗಾಲದ ಕೊಡುಗೆಗಳು');
    cleanup();
    vi.restoreAllMocks();

    const english = await openSlides([monsoon]);
    expect(english.getAttribute('alt')).toBe('Monsoon offers');
    expect(english.getAttribute('lang')).toBeNull();
  });
});
