import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

type TagsFieldProps = {
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur: () => void;
  error?: string | undefined;
};

function addTag(tags: string[], text: string): string[] {
  const tag = text.trim();
  if (!tag || tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return tags;
  return [...tags, tag];
}

/** Free tags shown as chips: Enter or a comma adds the typed one, and so does leaving the field. */
export function TagsField({ value, onChange, onBlur, error }: TagsFieldProps) {
  const [inputValue, setInputValue] = useState('');

  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={value}
      onChange={(_event, next) => onChange(next.reduce<string[]>((tags, tag) => addTag(tags, tag), []))}
      inputValue={inputValue}
      onInputChange={(_event, next) => {
        if (next.endsWith(',')) {
          onChange(addTag(value, next.slice(0, -1)));
          setInputValue('');
        } else {
          setInputValue(next);
        }
      }}
      onBlur={() => {
        if (inputValue.trim()) {
          onChange(addTag(value, inputValue));
          setInputValue('');
        }
        onBlur();
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Tags"
          error={Boolean(error)}
          helperText={
            error ??
            'Optional: other names customers search by (chawal, चावल) and words such as veg. Press Enter after each.'
          }
        />
      )}
    />
  );
}
