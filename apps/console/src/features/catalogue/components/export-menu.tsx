import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { exportCatalogueHref } from '@/features/catalogue/api/export-catalogue.ts';

/** Export: the store's catalogue downloaded as CSV or as Excel, in the columns the import reads. */
export function ExportMenu({ storeId }: { storeId: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  return (
    <>
      <Button
        id={buttonId}
        startIcon={<DownloadOutlined />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Export
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem
          component="a"
          href={exportCatalogueHref(storeId, 'csv')}
          download
          onClick={() => setAnchor(null)}
        >
          CSV
        </MenuItem>
        <MenuItem
          component="a"
          href={exportCatalogueHref(storeId, 'xlsx')}
          download
          onClick={() => setAnchor(null)}
        >
          Excel (.xlsx)
        </MenuItem>
      </Menu>
    </>
  );
}
