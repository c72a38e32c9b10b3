import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: string;
  /** One line under the title. */
  description?: ReactNode;
  /** Buttons on the right, e.g. "Add store". */
  actions?: ReactNode;
};

/** The title of a screen; it also names the browser tab. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 3, justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
    >
      <title>{`${title} · Storedesk`}</title>
      <div>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {description ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {description}
          </Typography>
        ) : null}
      </div>
      {actions ? (
        // On a phone the buttons wrap whole onto the next line, apart, rather than each squeezed
        // into lines of its own.
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', '& > *': { flexShrink: 0, whiteSpace: 'nowrap' } }}
        >
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
