import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type AlmostThereStepProps = {
  email: string;
  onResend: () => void;
  resending: boolean;
};

/** Step 4: the verification e-mail has gone out; it can be sent again. */
export function AlmostThereStep({ email, onResend, resending }: AlmostThereStepProps) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <MarkEmailReadOutlined color="primary" aria-hidden />
        <Typography>
          We have sent a verification link to <strong>{email}</strong>. Please check your e-mail and open the
          link, then press Finish to create your business.
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No e-mail? Look in your spam folder, or
      </Typography>
      <Button
        variant="text"
        onClick={onResend}
        disabled={resending}
        loading={resending}
        loadingPosition="start"
      >
        {resending ? 'Sending link…' : 'Resend link'}
      </Button>
    </Stack>
  );
}
