import Link from '@mui/material/Link';
import { useT } from '@storedesk/web/i18n';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the keyboard on every signed-in screen: past the bar and the menu, to the screen itself. */
export function SkipLink() {
  const t = useT();
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'fixed',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: 4,
        // Out of sight until the keyboard reaches it.
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {t('shell.skipToContent')}
    </Link>
  );
}
