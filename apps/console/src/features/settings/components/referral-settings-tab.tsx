import Typography from '@mui/material/Typography';

/** Settings > Referral Settings. */
export function ReferralSettingsTab() {
  return <Typography>Referral Settings</Typography>;
}
