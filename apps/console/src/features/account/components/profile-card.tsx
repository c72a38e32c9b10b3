import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Account } from '@storedesk/shared/account/schemas';
import { levelNames } from '@storedesk/shared/levels';
import type { Level } from '@storedesk/shared/levels';
import { useT } from '@storedesk/web/i18n';

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** SPEC §2 account: name, email and business name. */
export function ProfileCard({ account }: { account: Account }) {
  const t = useT();
  // A level the console knows (ADR 0089: its words are the shared `levelNames`, pinned by a test).
  const known = (levelNames[account.level as Level] as string | undefined) !== undefined;
  return (
    <Card variant="outlined" component="section" aria-label={t('account.profile')}>
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Avatar sx={{ width: 72, height: 72, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
            {initials(account.name)}
          </Avatar>
          <div>
            <Typography variant="h6" component="h2">
              {account.name}
            </Typography>
            <Typography sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>{account.email}</Typography>
          </div>
          <div>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {known
                ? t('account.levelOf', { level: t(`account.level.${account.level as Level}`) })
                : t('account.business')}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{account.businessName}</Typography>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
