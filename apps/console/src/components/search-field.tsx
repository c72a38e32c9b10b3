import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';

type SearchFieldProps = {
  label: string;
  /** The search in force (from the URL). */
  value: string;
  /** Called a moment after typing stops, so each key does not fetch a page. */
  onSearch: (q: string) => void;
  delayMs?: number;
};

export function SearchField({ label, value, onSearch, delayMs = 300 }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);

  // The search changed from outside (back button, a cleared filter): show it.
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, onSearch, delayMs]);

  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(text.trim());
      }}
      sx={{ width: { xs: '100%', sm: 280 } }}
      slotProps={{
        htmlInput: { maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
