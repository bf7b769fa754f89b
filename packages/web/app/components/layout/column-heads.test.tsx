// @vitest-environment jsdom
import { Table } from '@mantine/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { ColumnHeads } from './column-heads';

afterEach(cleanup);

it('names each column by its translation, as a column header', () => {
  renderWithProviders(
    <Table>
      <ColumnHeads columns={['processes.column.kind', 'processes.column.state']} />
    </Table>,
  );
  const heads = screen.getAllByRole('columnheader').map((th) => th.textContent);
  expect(heads).toEqual(['Art', 'Status']);
});
