import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageSkeleton } from './loading-skeleton.tsx';
import { i18n } from '@/i18n/index.ts';
import { renderInConsoleLanguage } from '@/testing/render-app.tsx';

describe('PageSkeleton', () => {
  afterEach(async () => {
    await act(() => i18n.choose('en'));
  });

  it('tells a screen reader the page is loading, busy, in the language shown', async () => {
    renderInConsoleLanguage(<PageSkeleton />);
    expect(screen.getByRole('status', { name: 'Loading the page' })).toHaveAttribute('aria-busy', 'true');

    await act(() => i18n.choose('kn'));
    expect(screen.getByRole('status', { name: 'ಪುಟ ಲೋಡ್ ಆಗುತ್ತಿದೆ' })).toHaveAttribute('aria-busy', 'true');
  });
});
