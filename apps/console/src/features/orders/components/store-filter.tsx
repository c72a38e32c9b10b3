import { useT } from '@storedesk/web/i18n';
import { StoreChoiceField } from '@/components/store-choice-field.tsx';

type StoreFilterProps = {
  storeId: string | undefined;
  /** The owner's zone switcher: only that zone's stores are offered. */
  zoneId: string | undefined;
  onChange: (storeId: string | undefined) => void;
};

/** Orders of one store: the stores are searched on the server as the user types. */
export function StoreFilter({ storeId, zoneId, onChange }: StoreFilterProps) {
  const t = useT();
  return (
    <StoreChoiceField
      label={t('orders.colStore')}
      storeId={storeId}
      zoneId={zoneId}
      size="small"
      onChange={(store) => onChange(store?.id)}
      sx={{ width: { xs: '100%', sm: 240 } }}
    />
  );
}
