import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuOutlined from '@mui/icons-material/MenuOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { isOwner } from '@storedesk/shared/levels';
import { visuallyHidden } from '@mui/utils';
import { useT } from '@storedesk/web/i18n';
import { useTexts } from '@storedesk/web/texts';
import { useId, type MouseEvent, type ReactNode } from 'react';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { useSignOut } from '@/features/auth/api/sign-out.ts';
import { asApiError } from '@/lib/api-client.ts';
import { useSignedInSession } from '@/lib/session.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { ZoneSwitcher } from './zone-switcher.tsx';

/**
 * Where Open App goes: the address the owner set (Settings › Others), else the customer app this
 * server serves for the business on its own origin. Only web addresses open from the top bar.
 */
function customerAppHref(url: string | null, shopUrl: string): string | null {
  if (!url) return `${shopUrl}/`;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

type BarButtonProps = {
  label: string;
  icon: ReactNode;
  /** Text buttons from `sm` up; icon buttons, named the same, on a phone. */
  compact: boolean;
  disabled?: boolean;
  href?: string;
  onClick?: () => void;
};

function BarButton({ label, icon, compact, disabled = false, href, onClick }: BarButtonProps) {
  const link = href ? { href, target: '_blank', rel: 'noopener noreferrer' } : {};
  if (compact) {
    return (
      <IconButton color="inherit" aria-label={label} disabled={disabled} onClick={onClick} {...link}>
        {icon}
      </IconButton>
    );
  }
  return (
    <Button color="inherit" startIcon={icon} disabled={disabled} onClick={onClick} {...link}>
      {label}
    </Button>
  );
}

/**
 * Open App when it cannot open: greyed out, yet reachable by keyboard (aria-disabled, not
 * disabled, which would take it out of the tab order), with the reason as its description for a
 * screen reader and as a tooltip on hover or focus.
 */
function UnavailableBarButton({
  label,
  icon,
  compact,
  reason,
}: Omit<BarButtonProps, 'disabled' | 'href' | 'onClick'> & { reason: string }) {
  const reasonId = useId();
  const unavailable = {
    'aria-disabled': true,
    'aria-describedby': reasonId,
    onClick: (event: MouseEvent) => event.preventDefault(),
    sx: { opacity: 0.6, cursor: 'not-allowed' },
  } as const;
  return (
    <Tooltip title={reason} describeChild>
      <span>
        {compact ? (
          <IconButton color="inherit" aria-label={label} {...unavailable}>
            {icon}
          </IconButton>
        ) : (
          <Button color="inherit" startIcon={icon} {...unavailable}>
            {label}
          </Button>
        )}
        <Box component="span" id={reasonId} sx={visuallyHidden}>
          {reason}
        </Box>
      </span>
    </Tooltip>
  );
}

export function TopBar({
  onOpenNavigation,
  showMenuButton,
}: {
  onOpenNavigation: () => void;
  showMenuButton: boolean;
}) {
  const { user, business } = useSignedInSession();
  const signOut = useSignOut();
  const notify = useSnackbar();
  const compact = useCompact();
  const appHref = customerAppHref(business.customerAppUrl, business.shopUrl);
  const t = useT();
  const texts = useTexts();

  const openApp = appHref ? (
    <BarButton label={t('shell.openApp')} icon={<OpenInNewOutlined />} compact={compact} href={appHref} />
  ) : (
    <UnavailableBarButton
      label={t('shell.openApp')}
      icon={<OpenInNewOutlined />}
      compact={compact}
      reason={t('shell.openAppUnavailable')}
    />
  );

  return (
    // The persistent sidebar sits under the bar; the drawer of small screens covers it.
    <AppBar position="fixed" sx={showMenuButton ? undefined : { zIndex: (t) => t.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, px: { xs: 1.5, sm: 3 } }}>
        {showMenuButton ? (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('shell.openNavigation')}
            onClick={onOpenNavigation}
          >
            <MenuOutlined />
          </IconButton>
        ) : null}
        {/* On a phone the name takes a smaller size, so that it stays whole beside the owner's zone switcher. */}
        <Typography
          variant="h6"
          component="p"
          noWrap
          sx={{ fontWeight: 700, minWidth: 0, fontSize: { xs: '1.0625rem', sm: '1.25rem' } }}
        >
          Storedesk
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {isOwner(user) ? <ZoneSwitcher /> : null}
        {openApp}
        <BarButton
          label={t('shell.signOut')}
          icon={<LogoutOutlined />}
          compact={compact}
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate(undefined, {
              onError: (error) =>
                notify({
                  message: t('shell.signOutFailed', { message: texts.error(asApiError(error)) }),
                  severity: 'error',
                }),
            })
          }
        />
      </Toolbar>
    </AppBar>
  );
}
