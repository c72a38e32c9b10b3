import Typography from '@mui/material/Typography';

/** Settings > Others. */
export function OthersTab() {
  return <Typography>Others</Typography>;
}
