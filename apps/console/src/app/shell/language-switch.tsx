import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import NativeSelect from '@mui/material/NativeSelect';
import { languageNames, languages, useLanguagePicker } from '@storedesk/web/i18n';
import { useTexts } from '@storedesk/web/texts';
import { useId } from 'react';

/**
 * The console's language (ADR 0089), beside the theme: each language named in itself; the screens
 * switch once its words are here, and the browser remembers the choice.
 */
export function LanguageSwitch() {
  const picker = useLanguagePicker();
  const { text } = useTexts();
  const labelId = useId();
  if (!picker) return null;
  return (
    <ListItem
      secondaryAction={
        <NativeSelect
          value={picker.value}
          onChange={(event) => picker.pick(event.target.value)}
          inputProps={{ 'aria-labelledby': labelId }}
          sx={{ fontSize: '0.875rem' }}
        >
          {languages.map((language) => (
            <option key={language} value={language} lang={language}>
              {languageNames[language]}
            </option>
          ))}
        </NativeSelect>
      }
    >
      <ListItemIcon>
        <TranslateOutlined />
      </ListItemIcon>
      <ListItemText id={labelId} primary={text('web.language')} />
    </ListItem>
  );
}
