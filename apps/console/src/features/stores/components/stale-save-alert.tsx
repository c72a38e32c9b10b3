import Alert from '@mui/material/Alert';
import { useCallback } from 'react';

/** "Name, Phone and Image". */
function listed(names: string[]): string {
  const unique = [...new Set(names)];
  return unique.length < 2 ? unique.join('') : `${unique.slice(0, -1).join(', ')} and ${unique.at(-1)}`;
}

/** What the form says when a save was refused because a colleague saved first (D9). */
export function staleSaveMessage(noun: string, changed: string[]): string {
  const what = changed.length > 0 ? `: ${listed(changed)} changed` : '';
  return `Someone else saved this ${noun} while you were editing${what}. The form now shows their version; make your changes again.`;
}

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
