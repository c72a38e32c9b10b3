/** Add, or − n + once in the cart. */
export function QuantityControl({
  name,
  quantity,
  onChange,
  disabled = false,
  max = 99,
}: {
  name: string;
  quantity: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
  max?: number;
}) {
  if (quantity === 0) {
    return (
      <button
        type="button"
        className="button small"
        disabled={disabled}
        onClick={() => onChange(1)}
        aria-label={`Add ${name}`}
      >
        Add
      </button>
    );
  }
  return (
    <span className="stepper" role="group" aria-label={`${name} in the cart`}>
      <button type="button" onClick={() => onChange(quantity - 1)} aria-label={`One less ${name}`}>
        −
      </button>
      <output aria-live="polite">{quantity}</output>
      <button
        type="button"
        onClick={() => onChange(quantity + 1)}
        disabled={disabled || quantity >= max}
        aria-label={`One more ${name}`}
      >
        +
      </button>
    </span>
  );
}

/** The veg or non-veg mark of Indian food packaging: a square with a dot, green or brown. */
export function VegMark({ veg }: { veg: boolean }) {
  return (
    <span
      className={veg ? 'veg-mark veg' : 'veg-mark non-veg'}
      role="img"
      aria-label={veg ? 'Vegetarian' : 'Non-vegetarian'}
    />
  );
}
