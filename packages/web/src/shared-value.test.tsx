import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedValue } from './shared-value.ts';

afterEach(cleanup);

describe('a value shared in memory', () => {
  it('is the initial value until set', () => {
    const status = sharedValue('off');
    expect(status.get()).toBe('off');
    status.set('on');
    expect(status.get()).toBe('on');
  });

  it('re-renders every component reading it when it becomes another value, and only then', () => {
    const status = sharedValue({ label: 'Connecting' });
    let renders = 0;
    function Status() {
      renders++;
      return <p>{status.use().label}</p>;
    }
    render(<Status />);
    expect(screen.getByRole('paragraph').textContent).toBe('Connecting');
    expect(renders).toBe(1);

    const live = { label: 'Live' };
    act(() => status.set(live));
    expect(screen.getByRole('paragraph').textContent).toBe('Live');
    expect(renders).toBe(2);

    act(() => status.set(live));
    expect(renders).toBe(2);
  });

  it('is not kept: a new page load starts from the initial value', () => {
    sharedValue('on').set('off');
    expect(localStorage.length).toBe(0);
    expect(sharedValue('on').get()).toBe('on');
  });
});
