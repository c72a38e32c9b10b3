import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * Whether the screen is narrower than `below` (a phone for 'sm'): lists then show each record as a
 * compact row with the fields that matter and its actions, and forms take the whole screen.
 */
export function useCompact(below: 'sm' | 'md' = 'sm'): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down(below), { noSsr: true });
}
