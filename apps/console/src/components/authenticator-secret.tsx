import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QrCode } from './qr-code.tsx';

/** The secret of a new authenticator app: its QR code to scan, and the same secret to type. */
export function AuthenticatorSecret({ secret, otpauthUrl }: { secret: string; otpauthUrl: string }) {
  const grouped = secret.match(/.{1,4}/g)?.join(' ') ?? secret;
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography>
        Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or
        1Password).
      </Typography>
      <QrCode value={otpauthUrl} label="QR code of the authenticator secret" size={180} />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Or type this secret into the app:
      </Typography>
      <Box
        component="code"
        aria-label="Authenticator secret"
        sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', userSelect: 'all' }}
      >
        {grouped}
      </Box>
    </Stack>
  );
}
