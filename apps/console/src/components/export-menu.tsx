import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useT } from '@storedesk/web/i18n';
import { useId, useState } from 'react';

/** Export: a spreadsheet downloaded as CSV or as Excel, from the two addresses given. */
export function ExportMenu({ hrefs, label }: { hrefs: Record<'csv' | 'xlsx', string>; label?: string }) {
  const t = useT();
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
        {label ?? t('common.export')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem component="a" href={hrefs.csv} download onClick={() => setAnchor(null)}>
          CSV
        </MenuItem>
        <MenuItem component="a" href={hrefs.xlsx} download onClick={() => setAnchor(null)}>
          {t('common.excel')}
        </MenuItem>
      </Menu>
    </>
  );
}
