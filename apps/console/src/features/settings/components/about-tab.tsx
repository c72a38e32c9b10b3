import Typography from '@mui/material/Typography';

/** Settings > About. */
export function AboutTab() {
  return <Typography>About</Typography>;
}
