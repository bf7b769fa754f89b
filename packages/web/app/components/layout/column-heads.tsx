import { Table } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/**
 * The head of a table whose columns are named by translation keys, each a column header
 * (`scope="col"`) so screen readers announce it with every cell below.
 */
export function ColumnHeads({ columns }: { columns: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((key) => (
          <Table.Th key={key} scope="col">
            <FormattedMessage id={key} />
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
