import Typography from '@mui/material/Typography';

/** Settings > Order Settings. */
export function OrderSettingsTab() {
  return <Typography>Order Settings</Typography>;
}
