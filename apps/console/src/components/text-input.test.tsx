import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { TextInput } from './text-input.tsx';

describe('TextInput', () => {
  it('is a text box named by its label and described by its helper text', () => {
    render(<TextInput label="Email" type="email" error helperText="Enter valid email" />);

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAccessibleDescription('Enter valid email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('has no description without helper text', () => {
    render(<TextInput label="Email" />);
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('aria-describedby');
  });

  it('gives its ref the input element and passes typing to onChange', async () => {
    const ref = createRef<HTMLInputElement>();
    const typed: string[] = [];
    render(<TextInput label="Name" ref={ref} onChange={(event) => typed.push(event.target.value)} />);

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'ab');
    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect(typed).toEqual(['a', 'ab']);
  });
});
