import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Box from '@mui/material/Box';
import type { OrderSlot } from '@storedesk/shared/stores/slots';
import { useT } from '@storedesk/web/i18n';
import { useTimeFormat } from '@storedesk/web/times';

/**
 * The delivery slot an order is booked for (B19), as a small badge under its placed time on the
 * orders lists: "Slot: Tue 01/12, 09:00 AM – 10:00 AM", in the business's time zone. On a phone's
 * narrow row it wraps rather than being cut short. Not a chip: the status is the row's one chip.
 */
export function SlotBadge({ slot, timeZone }: { slot: NonNullable<OrderSlot>; timeZone: string }) {
  const t = useT();
  const format = useTimeFormat();
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        maxWidth: '100%',
        mt: 0.5,
        px: 1,
        py: 0.25,
        border: 1,
        borderColor: 'divider',
        borderRadius: 4,
        typography: 'caption',
        color: 'text.primary',
        whiteSpace: 'normal',
      }}
    >
      <ScheduleOutlined sx={{ fontSize: 16, color: 'text.secondary' }} aria-hidden />
      <span>{t('orders.slot', { slot: format.slot(slot, timeZone) })}</span>
    </Box>
  );
}
