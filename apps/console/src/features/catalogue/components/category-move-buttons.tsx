import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useT } from '@storedesk/web/i18n';
import type { Ref } from 'react';

export type Direction = 'up' | 'down';

type CategoryMoveButtonsProps = {
  name: string;
  /** Whether it is first, or last, of the store's whole list: that button is off. */
  first: boolean;
  last: boolean;
  onMove: (direction: Direction) => void;
  buttonRef: (direction: Direction) => Ref<HTMLButtonElement>;
};

/**
 * Move up and Move down of a category's row (B17), as the item form moves its variants. Each
 * press is saved at once; while one is on its way a press does nothing, and the buttons stay
 * enabled so the focus stays where the person left it.
 */
export function CategoryMoveButtons({ name, first, last, onMove, buttonRef }: CategoryMoveButtonsProps) {
  const t = useT();
  return (
    <>
      <Tooltip title={t('common.moveUp')}>
        <span>
          <IconButton
            ref={buttonRef('up')}
            aria-label={t('category.moveNamedUp', { name })}
            disabled={first}
            onClick={() => onMove('up')}
          >
            <ArrowUpwardOutlined />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('common.moveDown')}>
        <span>
          <IconButton
            ref={buttonRef('down')}
            aria-label={t('category.moveNamedDown', { name })}
            disabled={last}
            onClick={() => onMove('down')}
          >
            <ArrowDownwardOutlined />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
