import Alert from '@mui/material/Alert';
import { useCallback } from 'react';

/** The stale-save message at the top of the form, brought into view when it appears. */
export function StaleSaveAlert({ message, onClose }: { message: string | null; onClose: () => void }) {
  const show = useCallback((node: HTMLDivElement | null) => node?.scrollIntoView?.({ block: 'nearest' }), []);
  if (message === null) return null;
  return (
    // The margin keeps it clear of the top bar when it is scrolled into view.
    <Alert ref={show} severity="warning" onClose={onClose} sx={{ scrollMarginTop: 88 }}>
      {message}
    </Alert>
  );
}
