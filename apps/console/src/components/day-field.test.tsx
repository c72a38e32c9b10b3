import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DayField } from './day-field.tsx';
import { DayRangeFields } from './day-range-fields.tsx';
import { renderInConsoleLanguage } from '@/testing/render-app.tsx';

function Field({ initial, onDay }: { initial?: string; onDay: (day: string | undefined) => void }) {
  const [value, setValue] = useState<string | undefined>(initial);
  return (
    <DayField
      label="From"
      value={value}
      onChange={(day) => {
        onDay(day);
        setValue(day);
      }}
    />
  );
}

describe('DayField', () => {
  it('shows a day as DD/MM/YYYY and takes one typed so, sent as YYYY-MM-DD', async () => {
    const onDay = vi.fn();
    renderInConsoleLanguage(<Field initial="2026-11-27" onDay={onDay} />);
    const field = screen.getByRole('textbox', { name: 'From' });
    expect(field).toHaveValue('27/11/2026');
    await userEvent.clear(field);
    expect(onDay).toHaveBeenLastCalledWith(undefined);
    await userEvent.type(field, '1/3/2025');
    expect(onDay).toHaveBeenLastCalledWith('2025-03-01');
    expect(field).toHaveValue('01/03/2025');
  });

  it('says how to type a date that is not one, when the field is left, and sends nothing', async () => {
    const onDay = vi.fn();
    renderInConsoleLanguage(<Field onDay={onDay} />);
    const field = screen.getByRole('textbox', { name: 'From' });
    await userEvent.type(field, '31/02/2026');
    await userEvent.tab();
    expect(field).toHaveAccessibleDescription('Enter a date as DD/MM/YYYY');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onDay).not.toHaveBeenCalled();
  });

  it('offers the browser’s calendar by a named button', () => {
    renderInConsoleLanguage(<Field onDay={() => {}} />);
    expect(screen.getByRole('button', { name: 'Choose from on a calendar' })).toBeInTheDocument();
  });
});

describe('DayRangeFields', () => {
  it('says on To when it is before From, before any reason of the caller’s, and sends each day by its name', async () => {
    const onChange = vi.fn();
    const { rerender } = renderInConsoleLanguage(
      <DayRangeFields from="2026-11-20" to="2026-11-10" onChange={onChange} toError="At most 366 days" />,
    );
    const to = screen.getByRole('textbox', { name: 'To' });
    expect(to).toHaveAccessibleDescription('On or after From');
    rerender(
      <DayRangeFields from="2026-11-01" to="2026-11-10" onChange={onChange} toError="At most 366 days" />,
    );
    expect(to).toHaveAccessibleDescription('At most 366 days');
    rerender(<DayRangeFields from="2026-11-01" to="2026-11-10" onChange={onChange} />);
    expect(to).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(screen.getByRole('textbox', { name: 'From' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'From' }), '02/11/2026');
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-02' });
  });
});
