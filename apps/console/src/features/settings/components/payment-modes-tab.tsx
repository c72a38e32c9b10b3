import Typography from '@mui/material/Typography';

/** Settings > Payment Modes. */
export function PaymentModesTab() {
  return <Typography>Payment Modes</Typography>;
}
