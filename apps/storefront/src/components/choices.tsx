import { useT } from '@storedesk/web/i18n';
import type { MessageId } from '../i18n/index.ts';

/** One of a few choices, as radio buttons under their question (the fieldset's legend), each named by its key. */
export function Choices<T extends string>({
  legend,
  name,
  choices,
  labels,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  choices: readonly T[];
  labels: Record<T, MessageId>;
  value: T | null;
  onChange: (choice: T) => void;
}) {
  const t = useT();
  return (
    <fieldset>
      <legend className="section-title">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice} className="choice">
          <input
            type="radio"
            name={name}
            value={choice}
            checked={value === choice}
            onChange={() => onChange(choice)}
          />
          <span>{t(labels[choice])}</span>
        </label>
      ))}
    </fieldset>
  );
}
