import { messages } from '@storedesk/shared/messages';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client.ts';
import { applySaveRefusal, fieldMessages } from './save-refusal.ts';

const record = z.object({ name: z.string(), version: z.number() });

function form() {
  return { current: record, showCurrent: vi.fn(), fields: { name: vi.fn(), pricePaise: vi.fn() } };
}

describe('applySaveRefusal', () => {
  it('shows the current record on a 409 and says it changed', () => {
    const target = form();
    const error = new ApiError({
      status: 409,
      code: 'conflict',
      message: 'x',
      current: { name: 'Fresh', version: 3 },
    });
    expect(applySaveRefusal(error, target)).toBe(messages.staleRecord);
    expect(target.showCurrent).toHaveBeenCalledWith({ name: 'Fresh', version: 3 });
    expect(target.fields.name).not.toHaveBeenCalled();
  });

  it('still says it changed when the 409 carries no usable record', () => {
    const target = form();
    const error = new ApiError({ status: 409, code: 'conflict', message: 'x', current: { nope: true } });
    expect(applySaveRefusal(error, target)).toBe(messages.staleRecord);
    expect(target.showCurrent).not.toHaveBeenCalled();
  });

  it("answers the server's message for a 409 without a record, a state that refuses the write", () => {
    const target = form();
    const error = new ApiError({
      status: 409,
      code: 'conflict',
      message: 'A business can have at most 20 helplines',
    });
    expect(applySaveRefusal(error, target)).toBe('A business can have at most 20 helplines');
    expect(target.showCurrent).not.toHaveBeenCalled();
  });

  it('puts a 409 that names a field on that field, as a value taken and not a stale version', () => {
    const target = form();
    const error = new ApiError({
      status: 409,
      code: 'conflict',
      message: 'A zone with this name already exists',
      fields: { name: 'A zone with this name already exists' },
    });
    // The field says it, and takes the focus: no dialog over it.
    expect(applySaveRefusal(error, target)).toBeNull();
    expect(target.fields.name).toHaveBeenCalledWith('A zone with this name already exists', true);
    expect(target.showCurrent).not.toHaveBeenCalled();
  });

  it("puts the server's field messages on their fields, the first in the form's order focused, and leaves no dialog", () => {
    const target = form();
    const error = new ApiError({
      status: 400,
      code: 'invalid_input',
      message: messages.invalidInput,
      fields: { pricePaise: 'must be positive', name: 'is required', other: 'ignored' },
    });
    expect(applySaveRefusal(error, target)).toBeNull();
    expect(target.fields.name).toHaveBeenCalledWith('is required', true);
    expect(target.fields.pricePaise).toHaveBeenCalledWith('must be positive', false);
  });

  it("answers the server's message when it names no field of the form", () => {
    const target = form();
    const error = new ApiError({
      status: 400,
      code: 'invalid_input',
      message: messages.invalidInput,
      fields: { other: 'not on this form' },
    });
    expect(applySaveRefusal(error, target)).toBe(messages.invalidInput);
    expect(target.fields.name).not.toHaveBeenCalled();
  });

  it('shows nothing for a 401: the session signs out', () => {
    const target = form();
    expect(
      applySaveRefusal(new ApiError({ status: 401, code: 'unauthenticated', message: 'x' }), target),
    ).toBeNull();
    expect(target.showCurrent).not.toHaveBeenCalled();
  });
});

describe('applySaveRefusal for a form that creates (no record of its own)', () => {
  it("answers a 409's own message, as there is no record to show", () => {
    const name = vi.fn();
    const error = new ApiError({
      status: 409,
      code: 'conflict',
      message: 'Limit reached',
      current: { version: 2 },
    });
    expect(applySaveRefusal(error, { fields: { name } })).toBe('Limit reached');
    expect(name).not.toHaveBeenCalled();
  });
});

describe('fieldMessages', () => {
  it('puts each server field on the form field of its name, or the one it maps to, focusing only as told', () => {
    const setError = vi.fn();
    const same = fieldMessages(setError, ['name', 'phone']);
    same.name!('Enter name', true);
    same.phone!('Enter valid phone number', false);
    expect(setError.mock.calls).toEqual([
      ['name', { message: 'Enter name' }, { shouldFocus: true }],
      ['phone', { message: 'Enter valid phone number' }, { shouldFocus: false }],
    ]);

    setError.mockClear();
    const mapped = fieldMessages(setError, { pricePaise: 'price', 'theme.primaryColor': 'theme' });
    expect(Object.keys(mapped)).toEqual(['pricePaise', 'theme.primaryColor']);
    mapped['theme.primaryColor']!('Pick a colour', true);
    expect(setError).toHaveBeenCalledWith('theme', { message: 'Pick a colour' }, { shouldFocus: true });
  });
});
