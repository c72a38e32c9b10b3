import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { isOwner } from '@storedesk/shared/levels';
import { limits } from '@storedesk/shared/limits';
import { useT } from '@storedesk/web/i18n';
import { NavLink, useMatch } from 'react-router';
import { useSignedInSession } from '@/lib/session.ts';
import { ColorModeSwitch } from './color-mode-switch.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import type { NavEntry } from './nav-entries.ts';
import { navEntriesFor } from './nav-entries.ts';

function NavItem({ entry, onNavigate }: { entry: NavEntry; onNavigate: () => void }) {
  // Stores stays highlighted on a store's catalogue, Orders on completed orders.
  const active = useMatch({ path: entry.path, end: false }) !== null;
  const t = useT();
  const { icon: Icon, Count } = entry;
  // Each link in an item of its own: a list holds list items, and screen readers count them.
  return (
    <ListItem disablePadding>
      <ListItemButton component={NavLink} to={entry.path} selected={active} onClick={onNavigate}>
        <ListItemIcon>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={t(entry.label)} />
        {Count ? <Count /> : null}
      </ListItemButton>
    </ListItem>
  );
}

function SidebarContent({ onNavigate }: { onNavigate: () => void }) {
  const { user, business } = useSignedInSession();
  const t = useT();
  return (
    <Box
      component="nav"
      aria-label={t('shell.main')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Box sx={{ px: 2, py: 2 }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }} noWrap>
          {t('shell.hello', { name: user.name })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
          {business.name}
        </Typography>
      </Box>
      <Divider />
      <List sx={{ flexGrow: 1 }}>
        {navEntriesFor(isOwner(user)).map((entry) => (
          <NavItem key={entry.path} entry={entry} onNavigate={onNavigate} />
        ))}
      </List>
      <Divider />
      <List dense>
        <ColorModeSwitch />
        <LanguageSwitch />
      </List>
    </Box>
  );
}

type SidebarProps = {
  /** Persistent from the `lg` breakpoint up, else a drawer toggled from the top bar. */
  persistent: boolean;
  open: boolean;
  onClose: () => void;
};

export function Sidebar({ persistent, open, onClose }: SidebarProps) {
  const t = useT();
  const width = limits.drawerWidth;
  const paper = { width, boxSizing: 'border-box' } as const;
  if (persistent) {
    return (
      <Drawer variant="permanent" sx={{ width, flexShrink: 0, '& .MuiDrawer-paper': paper }}>
        <Toolbar />
        <SidebarContent onNavigate={() => undefined} />
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{ '& .MuiDrawer-paper': paper }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': t('shell.navigation') } }}
    >
      <SidebarContent onNavigate={onClose} />
    </Drawer>
  );
}
