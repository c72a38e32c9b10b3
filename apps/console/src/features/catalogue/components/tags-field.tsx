import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

type TagsFieldProps = {
  label: string;
  /** What the field is for, under it while it has no error. */
  hint: string;
  value: string[];
  onChange: (words: string[]) => void;
  onBlur: () => void;
  error?: string | undefined;
};

/** The words with the typed one added at the end, unless it is blank or there already in any case. */
function addWord(words: string[], text: string): string[] {
  const word = text.trim();
  if (!word || words.some((existing) => existing.toLowerCase() === word.toLowerCase())) return words;
  return [...words, word];
}

/**
 * Free words shown as chips (an item's tags, its other names): Enter or a comma adds the typed
 * one, and so does leaving the field.
 */
export function TagsField({ label, hint, value, onChange, onBlur, error }: TagsFieldProps) {
  const [inputValue, setInputValue] = useState('');

  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={value}
      onChange={(_event, next) => onChange(next.reduce<string[]>((words, word) => addWord(words, word), []))}
      inputValue={inputValue}
      onInputChange={(_event, next) => {
        if (next.endsWith(',')) {
          onChange(addWord(value, next.slice(0, -1)));
          setInputValue('');
        } else {
          setInputValue(next);
        }
      }}
      onBlur={() => {
        if (inputValue.trim()) {
          onChange(addWord(value, inputValue));
          setInputValue('');
        }
        onBlur();
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error ?? hint} />
      )}
    />
  );
}
