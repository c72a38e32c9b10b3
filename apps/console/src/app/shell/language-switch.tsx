import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import NativeSelect from '@mui/material/NativeSelect';
import { languageNames, languages, useLanguageChoice, type Language } from '@storedesk/web/i18n';
import { isLanguage } from '@storedesk/web/languages';
import { useTexts } from '@storedesk/web/texts';
import { useId, useState } from 'react';

/**
 * The console's language (ADR 0089), beside the theme: each language named in itself; the screens
 * switch once its words are here, and the browser remembers the choice.
 */
export function LanguageSwitch() {
  const choice = useLanguageChoice();
  const { text } = useTexts();
  const labelId = useId();
  // The language asked for, while its catalogue comes.
  const [asked, setAsked] = useState<Language | null>(null);
  if (!choice) return null;
  return (
    <ListItem
      secondaryAction={
        <NativeSelect
          value={asked ?? choice.language}
          onChange={(event) => {
            const language = event.target.value;
            if (!isLanguage(language)) return;
            setAsked(language);
            void choice.choose(language).finally(() => setAsked(null));
          }}
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
