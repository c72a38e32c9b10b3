/** One of a few choices, as radio buttons under their question (the fieldset's legend). */
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
  labels: Record<T, string>;
  value: T | null;
  onChange: (choice: T) => void;
}) {
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
          <span>{labels[choice]}</span>
        </label>
      ))}
    </fieldset>
  );
}
