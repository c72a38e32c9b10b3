import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInConsoleLanguage } from '@/testing/render-app.tsx';
import { TableRegion } from './table-region.tsx';

function AuditRows({ scrolls }: { scrolls?: boolean }) {
  return (
    <>
      <button type="button">Before</button>
      <TableRegion name="Audit log" maxHeight={120} scrolls={scrolls}>
        <Table aria-label="Audit log">
          <TableBody>
            {Array.from({ length: 30 }, (_, row) => (
              <TableRow key={row}>
                <TableCell>Entry {row + 1}, with nothing to click</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableRegion>
      <button type="button">After</button>
    </>
  );
}

describe('TableRegion', () => {
  it('is a named region the Tab key reaches, so a table of plain text can be scrolled from the keyboard', async () => {
    renderInConsoleLanguage(<AuditRows />);
    const region = screen.getByRole('region', { name: 'Audit log, table' });
    expect(region).toContainElement(screen.getByRole('table', { name: 'Audit log' }));
    screen.getByRole('button', { name: 'Before' }).focus();
    await userEvent.tab();
    expect(region).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('is passed over by the Tab key where the table is laid out as cards and never scrolls', async () => {
    renderInConsoleLanguage(<AuditRows scrolls={false} />);
    screen.getByRole('button', { name: 'Before' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });
});
