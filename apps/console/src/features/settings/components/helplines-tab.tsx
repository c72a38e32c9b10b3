import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { messages } from '@storedesk/shared/messages';
import { helplineLimits } from '@storedesk/shared/settings/helplines';
import type { Helpline } from '@storedesk/shared/settings/helplines';
import { useT } from '@storedesk/web/i18n';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { useDeleteHelpline, useHelplines } from '@/features/settings/api/helplines.ts';
import { HelplineDialog } from './helpline-dialog.tsx';

type DialogState = { kind: 'add' } | { kind: 'edit'; id: string } | null;

/** What a person dials: the number without its spaces and dashes. */
const telHref = (phone: string) => `tel:${phone.replace(/[\s-]/g, '')}`;

function HelplinesSkeleton() {
  const t = useT();
  return (
    <Stack spacing={1.5} role="status" aria-busy="true" aria-label={t('settings.helplines.loading')}>
      {[0, 1].map((row) => (
        <Skeleton key={row} variant="rounded" height={64} />
      ))}
    </Stack>
  );
}

function HelplineRow({
  helpline,
  onEdit,
  onDelete,
}: {
  helpline: Helpline;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <PhoneOutlined sx={{ color: 'text.secondary' }} aria-hidden />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ wordBreak: 'break-word' }}>
            {helpline.title}
          </Typography>
          <Link href={telHref(helpline.phoneNumber)} variant="body2" sx={{ wordBreak: 'break-all' }}>
            {helpline.phoneNumber}
          </Link>
        </Box>
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          <Tooltip title={t('lists.edit')}>
            <IconButton aria-label={t('lists.editNamed', { name: helpline.title })} onClick={onEdit}>
              <EditOutlined />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('lists.delete')}>
            <IconButton aria-label={t('lists.deleteNamed', { name: helpline.title })} onClick={onDelete}>
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Settings > Helplines (SPEC §5): the numbers customers can call, added, edited and removed here. */
export function HelplinesTab() {
  const t = useT();
  const helplines = useHelplines();
  const deleteHelpline = useDeleteHelpline();
  const notify = useSnackbar();
  const [dialog, setDialog] = useState<DialogState>(null);
  // The helpline the delete dialog names; kept while the dialog closes, so its text does not blank out.
  const [toDelete, setToDelete] = useState<Helpline | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  const items = helplines.data?.items ?? [];
  const full = items.length >= helplineLimits.perBusiness;
  const editing = dialog?.kind === 'edit' ? items.find((line) => line.id === dialog.id) : undefined;

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteHelpline.mutateAsync({ id: toDelete.id, version: toDelete.version });
      notify(t('settings.helplines.deleted', { title: toDelete.title }));
    } catch (error) {
      if (isApiError(error, 404))
        notify({
          severity: 'info',
          message: t('settings.helplines.alreadyDeleted', { title: toDelete.title }),
        });
      else if (!isApiError(error, 401)) {
        setErrorMessage(isApiError(error, 409) ? messages.staleRecord : asApiError(error).message);
      }
    }
    setDeleteOpen(false);
  };

  const addButton = (
    <Button
      variant="contained"
      startIcon={<AddOutlined />}
      disabled={full}
      onClick={() => setDialog({ kind: 'add' })}
    >
      {t('settings.helplines.add')}
    </Button>
  );

  let content;
  if (helplines.isPending) {
    content = <HelplinesSkeleton />;
  } else if (helplines.isError && !helplines.data) {
    content = (
      <LoadError
        title={t('settings.helplines.loadFailed')}
        error={helplines.error}
        onRetry={() => void helplines.refetch()}
        retrying={helplines.isFetching}
      />
    );
  } else if (items.length === 0) {
    content = (
      <Paper variant="outlined" sx={{ py: 4, px: 2, textAlign: 'center' }}>
        <Typography variant="subtitle1">{t('settings.helplines.empty')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
          {t('settings.helplines.emptyHelp')}
        </Typography>
        {addButton}
      </Paper>
    );
  } else {
    content = (
      <Stack spacing={1.5} component="section" aria-label={t('settings.helplines.region')}>
        {items.map((helpline) => (
          <HelplineRow
            key={helpline.id}
            helpline={helpline}
            onEdit={() => setDialog({ kind: 'edit', id: helpline.id })}
            onDelete={() => {
              setToDelete(helpline);
              setDeleteOpen(true);
            }}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {full
            ? t('settings.helplines.full', { max: String(helplineLimits.perBusiness) })
            : t('settings.helplines.intro')}
        </Typography>
        {items.length > 0 ? addButton : null}
      </Stack>
      {content}
      {dialog?.kind === 'add' ? <HelplineDialog helpline={null} onClose={() => setDialog(null)} /> : null}
      {editing ? <HelplineDialog helpline={editing} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={deleteOpen}
        title={t('settings.helplines.deleteTitle')}
        message={t('settings.helplines.deleteQuestion', { title: toDelete?.title ?? '' })}
        confirmLabel={t('lists.delete')}
        busy={deleteHelpline.isPending}
        busyLabel={t('common.deleting')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleteOpen(false)}
      />
      <ErrorDialog message={errorMessage} onClose={() => setErrorMessage(null)} />
    </Stack>
  );
}
