import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Step 1: what signing up does. */
export function WelcomeStep() {
  return (
    <Stack spacing={2}>
      <Typography>
        Set up your business in a few minutes: tell us about it, create the owner account, confirm your
        e-mail, and you are in. Your first 30 days are free.
      </Typography>
    </Stack>
  );
}
