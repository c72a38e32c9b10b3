import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changedFields, staleSaveMessage, useEditBase } from './edit-base.ts';

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

describe('staleSaveMessage', () => {
  it('names what changed, once each, in a readable list', () => {
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
});
