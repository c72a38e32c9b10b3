import Typography from '@mui/material/Typography';

/** Settings > Helplines. */
export function HelplinesTab() {
  return <Typography>Helplines</Typography>;
}
