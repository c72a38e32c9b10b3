import { Level, levelNames } from '@storedesk/shared/levels';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/en.json';

describe('the Account page’s English words', () => {
  it('names each staff level as the shared rules do', () => {
    expect({
      [Level.Owner]: en['account.level.1'],
      [Level.Admin]: en['account.level.2'],
      [Level.DeliveryExecutive]: en['account.level.3'],
    }).toEqual(levelNames);
  });
});
