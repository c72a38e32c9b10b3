import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { useT } from '@storedesk/web/i18n';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ListPagination } from '@/components/list-pagination.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { SearchField } from '@/components/search-field.tsx';
import { ListQueryStatus, ListRows } from '@/components/table-states.tsx';
import { useListParams, usePageInRange } from '@/lib/list-params.ts';
import { useZones } from '@/features/zones/api/get-zones.ts';
import { TableRegion } from '@/components/table-region.tsx';

const columns = 3;

function AddZoneButton() {
  const t = useT();
  return (
    <Button
      variant="contained"
      startIcon={<AddOutlined />}
      component={RouterLink}
      to={paths.zones.add.getHref()}
    >
      {t('zonesPage.add')}
    </Button>
  );
}

/** SPEC §2 Zones list: Serial No, Name, Edit; 'Add zone' and search. A zone is deleted from its edit screen. */
export function ZonesPage() {
  const t = useT();
  const [listParams, setListParams] = useListParams();
  const { q, page, pageSize } = listParams;
  const zones = useZones({ q, page, pageSize });

  const items = zones.data?.items ?? [];
  const total = zones.data?.total ?? 0;
  const lastPage = usePageInRange(zones, listParams, setListParams);

  const rows = items.map((zone, index) => (
    <TableRow key={zone.id} hover>
      <TableCell align="right">{page * pageSize + index + 1}</TableCell>
      <TableCell>{zone.name}</TableCell>
      <TableCell align="right">
        <Tooltip title={t('lists.edit')}>
          <IconButton
            component={RouterLink}
            to={paths.zones.edit.getHref(zone.id)}
            aria-label={t('lists.editNamed', { name: zone.name })}
          >
            <EditOutlined />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  ));

  return (
    <>
      <PageHeader
        title={t('zonesPage.title')}
        description={t('zonesPage.description')}
        actions={<AddZoneButton />}
      />
      <Paper variant="outlined">
        <Toolbar sx={{ py: 1, px: { xs: 2 } }}>
          <SearchField
            label={t('zonesPage.search')}
            value={q}
            onSearch={(next) => setListParams({ q: next })}
          />
        </Toolbar>
        <ListQueryStatus query={zones} noun={t('zonesPage.noun')} />
        <TableRegion name={t('zonesPage.title')} maxHeight={640}>
          <Table stickyHeader size="small" aria-label={t('zonesPage.title')}>
            <TableHead>
              <TableRow>
                <TableCell align="right" sx={{ width: 96 }}>
                  {t('zonesPage.colSerial')}
                </TableCell>
                <TableCell>{t('common.name')}</TableCell>
                <TableCell align="right" sx={{ width: 80 }}>
                  {t('lists.edit')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <ListRows
                query={zones}
                count={items.length}
                columns={columns}
                q={q}
                onClearSearch={() => setListParams({ q: '' })}
                noun={t('zonesPage.noun')}
                empty={{
                  action: <AddZoneButton />,
                  hint: t('zonesPage.emptyHint'),
                }}
              >
                {rows}
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
    </>
  );
}
