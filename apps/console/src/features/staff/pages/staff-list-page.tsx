import AddOutlined from '@mui/icons-material/AddOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { messages } from '@storedesk/shared/messages';
import type { StaffKind, StaffMember } from '@storedesk/shared/staff/schemas';
import { useT } from '@storedesk/web/i18n';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { ListPagination } from '@/components/list-pagination.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { SearchField } from '@/components/search-field.tsx';
import { useSnackbar } from '@/components/snackbar-provider.tsx';
import { ListQueryStatus, ListRows, RowEditDelete } from '@/components/table-states.tsx';
import { asApiError, isApiError } from '@/lib/api-client.ts';
import { useListParams, usePageInRange } from '@/lib/list-params.ts';
import { useIsOwner } from '@/lib/session.ts';
import { useZoneFilter } from '@/lib/zone-filter.ts';
import { useDeleteStaffMember } from '@/features/staff/api/delete-staff-member.ts';
import { useStaff } from '@/features/staff/api/get-staff.ts';
import { useStaffKindText } from '@/features/staff/staff-kinds.ts';
import { TableRegion } from '@/components/table-region.tsx';

/** "Ravi Kumar" → "RK". */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** Shown beside the name on a phone, where the Email, Phone and Zone columns are left out (B9). */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;
const narrowOnly = { display: { xs: 'block', sm: 'none' } } as const;

/**
 * Admins and delivery executives share one layout (SPEC §2): Name with initials,
 * Email, Phone, Edit and Delete. Executives follow the owner's zone switcher
 * (D4); an admin always sees their own zone's.
 */
export function StaffListPage({ kind }: { kind: StaffKind }) {
  const t = useT();
  const text = useStaffKindText(kind);
  const owner = useIsOwner();
  const { zoneId } = useZoneFilter();
  const [listParams, setListParams] = useListParams();
  const { q, page, pageSize } = listParams;
  const staff = useStaff(kind, {
    zoneId: kind === 'delivery-executives' ? zoneId : undefined,
    q,
    page,
    pageSize,
  });
  const deleteMember = useDeleteStaffMember();
  const notify = useSnackbar();
  const [toDelete, setToDelete] = useState<StaffMember | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  const items = staff.data?.items ?? [];
  const total = staff.data?.total ?? 0;
  const lastPage = usePageInRange(staff, listParams, setListParams);
  const columns = owner ? 5 : 4;

  // People are not kept in the trash, so there is no Undo; a refusal (an
  // executive still holding open orders) is the server's to explain.
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteMember.mutateAsync({ kind, userId: toDelete.id, version: toDelete.version });
      notify(t('staff.deleted', { name: toDelete.name }));
    } catch (error) {
      if (isApiError(error, 401)) return;
      if (isApiError(error, 404)) notify({ severity: 'info', message: text.alreadyDeleted });
      else setErrorMessage(asApiError(error).message);
    } finally {
      setToDelete(null);
    }
  };

  const addButton = (
    <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to={text.addHref}>
      {text.add}
    </Button>
  );

  const tableRows = items.map((member) => (
    <TableRow key={member.id} hover>
      <TableCell sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar
            aria-hidden="true"
            // The theme's own pair, so the initials stay readable in every business theme.
            sx={{
              width: 36,
              height: 36,
              fontSize: '0.9rem',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            {initials(member.name)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{member.name}</Typography>
            <Box sx={{ ...narrowOnly, color: 'text.secondary', overflowWrap: 'anywhere' }}>
              <Typography variant="caption" component="div">
                {member.email}
              </Typography>
              <Typography variant="caption" component="div">
                {member.phone}
              </Typography>
              {owner ? (
                <Typography variant="caption" component="div">
                  {member.zoneName}
                </Typography>
              ) : null}
            </Box>
          </Box>
        </Stack>
      </TableCell>
      <TableCell sx={wideOnly}>{member.email}</TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{member.phone}</TableCell>
      {owner ? <TableCell sx={wideOnly}>{member.zoneName}</TableCell> : null}
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <RowEditDelete
          name={member.name}
          editTo={text.editHref(member.id)}
          onDelete={() => setToDelete(member)}
        />
      </TableCell>
    </TableRow>
  ));

  return (
    <>
      <PageHeader title={text.title} description={text.description} actions={addButton} />
      <Paper variant="outlined">
        <Toolbar sx={{ flexWrap: 'wrap', gap: 1, py: 1, px: { xs: 2 } }}>
          <SearchField label={text.search} value={q} onSearch={(next) => setListParams({ q: next })} />
        </Toolbar>
        <ListQueryStatus query={staff} noun={text.many} />
        <TableRegion name={text.title}>
          <Table size="small" aria-label={text.title}>
            <TableHead>
              <TableRow>
                <TableCell>{t('common.name')}</TableCell>
                <TableCell sx={wideOnly}>{t('staff.email')}</TableCell>
                <TableCell sx={wideOnly}>{t('staff.phone')}</TableCell>
                {owner ? <TableCell sx={wideOnly}>{t('staff.zone')}</TableCell> : null}
                <TableCell align="right">{t('common.action')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <ListRows
                query={staff}
                count={items.length}
                columns={columns}
                q={q}
                onClearSearch={() => setListParams({ q: '' })}
                noun={text.many}
                empty={{
                  action: addButton,
                  hint: owner && zoneId && kind === 'delivery-executives' ? text.noneInZone : text.emptyHint,
                }}
              >
                {tableRows}
              </ListRows>
            </TableBody>
          </Table>
        </TableRegion>
        <ListPagination
          total={total}
          page={Math.min(page, lastPage)}
          pageSize={pageSize}
          onChange={setListParams}
        />
      </Paper>
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? text.deleteTitle(toDelete.name) : ''}
        message={messages.deleteUser}
        confirmLabel={t('lists.delete')}
        busyLabel={t('common.deleting')}
        busy={deleteMember.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
      <ErrorDialog message={errorMessage} onClose={() => setErrorMessage(null)} />
    </>
  );
}
