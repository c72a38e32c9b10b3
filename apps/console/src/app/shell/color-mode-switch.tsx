import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import { useColorScheme } from '@mui/material/styles';
import { useT } from '@storedesk/web/i18n';
import { useId } from 'react';

/** Light or dark (B6); MUI remembers the choice in this browser. */
export function ColorModeSwitch() {
  const { mode, systemMode, setMode } = useColorScheme();
  const labelId = useId();
  const t = useT();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  return (
    <ListItem
      secondaryAction={
        <Switch
          edge="end"
          checked={dark}
          onChange={(event) => setMode(event.target.checked ? 'dark' : 'light')}
          slotProps={{ input: { 'aria-labelledby': labelId } }}
        />
      }
    >
      <ListItemIcon>
        <DarkModeOutlined />
      </ListItemIcon>
      <ListItemText id={labelId} primary={t('shell.darkTheme')} />
    </ListItem>
  );
}
