import ArrowDropDownOutlined from '@mui/icons-material/ArrowDropDownOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useT } from '@storedesk/web/i18n';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { allCataloguesHrefs } from '@/features/stores/api/export-catalogues.ts';

/**
 * Every store's catalogue in one spreadsheet (B17): import one with a store column, or export
 * them all as CSV or Excel. One button, so the Stores header fits a phone.
 */
export function AllCataloguesMenu() {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        id={buttonId}
        endIcon={<ArrowDropDownOutlined />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('stores.allCatalogues')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem component={RouterLink} to={paths.stores.catalogueImportAll.getHref()} onClick={close}>
          {t('stores.importAll')}
        </MenuItem>
        <MenuItem component="a" href={allCataloguesHrefs.csv} download onClick={close}>
          {t('stores.exportCsv')}
        </MenuItem>
        <MenuItem component="a" href={allCataloguesHrefs.xlsx} download onClick={close}>
          {t('stores.exportExcel')}
        </MenuItem>
      </Menu>
    </>
  );
}
