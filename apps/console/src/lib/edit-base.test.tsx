import { act, renderHook } from '@testing-library/react';
import { LanguageProvider } from '@storedesk/web/i18n';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/index.ts';
import { changedFields, useEditBase, useStaleSaveMessage } from './edit-base.ts';

const v1 = { id: 's1', phone: '111', version: 1 };
const v2 = { id: 's1', phone: '222', version: 2 };
const v3 = { id: 's1', phone: '333', version: 3 };

describe('useEditBase', () => {
  it('follows the live record while the form is untouched', () => {
    const { result, rerender } = renderHook(({ live, dirty }) => useEditBase(live, dirty), {
      initialProps: { live: v1, dirty: false },
    });
    expect(result.current).toBe(v1);
    rerender({ live: v2, dirty: false });
    expect(result.current).toBe(v2);
  });

  it('keeps the record the edits started from once the form is dirty', () => {
    const { result, rerender } = renderHook(({ live, dirty }) => useEditBase(live, dirty), {
      initialProps: { live: v1, dirty: false },
    });
    rerender({ live: v1, dirty: true });
    rerender({ live: v2, dirty: true });
    expect(result.current.version).toBe(1);
    rerender({ live: v3, dirty: true });
    expect(result.current.version).toBe(1);
  });

  it('follows again once the form is reset to the current record', () => {
    const { result, rerender } = renderHook(({ live, dirty }) => useEditBase(live, dirty), {
      initialProps: { live: v1, dirty: true },
    });
    rerender({ live: v2, dirty: true });
    expect(result.current.version).toBe(1);
    rerender({ live: v3, dirty: false });
    expect(result.current).toBe(v3);
  });
});

describe('changedFields', () => {
  it('names the labelled fields whose values differ', () => {
    expect(changedFields(v1, v2, { phone: 'Phone', id: 'Id' })).toEqual(['Phone']);
    expect(changedFields(v1, { ...v1 }, { phone: 'Phone' })).toEqual([]);
    expect(changedFields({ tags: ['a'] }, { tags: ['a', 'b'] }, { tags: 'Tags' })).toEqual(['Tags']);
  });
});

describe('useStaleSaveMessage', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LanguageProvider i18n={i18n}>{children}</LanguageProvider>
  );
  afterEach(async () => {
    await act(() => i18n.choose('en'));
  });

  it('names what changed, once each, in a readable list', () => {
    const { result } = renderHook(() => useStaleSaveMessage(), { wrapper });
    const staleSaveMessage = result.current;
    expect(staleSaveMessage('store', ['Phone'])).toBe(
      'Someone else saved this store while you were editing: Phone changed. The form now shows their version; make your changes again.',
    );
    expect(staleSaveMessage('slide', ['Title', 'Position', 'Title', 'Image'])).toContain(
      ': Title, Position and Image changed.',
    );
    expect(staleSaveMessage('zone', [])).toBe(
      'Someone else saved this zone while you were editing. The form now shows their version; make your changes again.',
    );
  });

  it('says it in Hindi, the fields listed as Hindi lists them', async () => {
    const { result } = renderHook(() => useStaleSaveMessage(), { wrapper });
    await act(() => i18n.choose('hi'));
    expect(result.current('खाता', ['नाम', 'फ़ोन', 'नाम'])).toBe(
      'खाता: आपके बदलाव करते समय किसी और ने इसे सेव कर दिया (बदलाव: नाम और फ़ोन)। फ़ॉर्म में अब उनका संस्करण है; अपने बदलाव फिर से करें।',
    );
  });
});
