import type { FileEntry } from '@geoportal/contract/files';
import { Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../../lib/auth/access';
import { useLoaded } from '../../../../lib/hooks/use-loaded';
import type { FileRef } from '../../api/file-paths';
import { getFileText } from '../../api/get-file-text';
import classes from '../files.module.css';
import { ScrollBox, TEXT_PREVIEW_BYTES, TextBox } from './text-viewer';
import { ViewerFailure } from './viewer-failure';

/**
 * A CSV or TSV file as a table: the start of the file (as the text viewer reads it), its first
 * row as the header, the delimiter detected. The parser is loaded with the first table shown,
 * not with the page. Text that holds no table, or a reader's choice, shows as text.
 */
export function TableViewer({ fileRef, file }: { fileRef: FileRef; file: FileEntry }) {
  const { client } = useAccess();
  const intl = useIntl();
  const [asText, setAsText] = useState(false);
  const loaded = useLoaded(
    useCallback(
      async (signal: AbortSignal) => {
        const [text, { parseCsvTable }] = await Promise.all([
          getFileText(client, fileRef, { maxBytes: TEXT_PREVIEW_BYTES, signal }),
          import('../../model/csv-table'),
        ]);
        return { text, table: parseCsvTable(text, file.size > TEXT_PREVIEW_BYTES) };
      },
      [client, fileRef, file.size],
    ),
  );
  if (loaded.error !== undefined) return <ViewerFailure error={loaded.error} />;
  if (loaded.data === undefined) {
    return (
      <Loader
        size="sm"
        role="status"
        aria-label={intl.formatMessage({ id: 'files.viewer.loading' })}
      />
    );
  }
  const { text, table } = loaded.data;
  if (!table) return <TextBox file={file} text={text} />;
  const toggle = (
    <Group>
      <Button variant="default" size="xs" onClick={() => setAsText((shown) => !shown)}>
        <FormattedMessage id={asText ? 'files.table.showTable' : 'files.table.showText'} />
      </Button>
    </Group>
  );
  if (asText) {
    return (
      <Stack gap="xs">
        {toggle}
        <TextBox file={file} text={text} />
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {toggle}
      <ScrollBox label={intl.formatMessage({ id: 'files.table.label' }, { path: file.path })}>
        <Table striped stickyHeader withColumnBorders fz="sm" className={classes.table}>
          <caption className={classes.tableCaption}>
            <FormattedMessage
              id="files.table.caption"
              values={{
                rows: table.rows.length,
                delimiter: intl.formatMessage({ id: delimiterKey(table.delimiter) }),
              }}
            />
          </caption>
          <Table.Thead>
            <Table.Tr>
              {table.header.map((name, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their place.
                <Table.Th key={column} scope="col">
                  {name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
              <Table.Tr key={index}>
                {row.map((cell, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                  <Table.Td key={column}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollBox>
      {table.more && (
        <Text size="sm">
          <FormattedMessage id="files.table.more" values={{ rows: table.rows.length }} />
        </Text>
      )}
    </Stack>
  );
}

/** The translation key naming a delimiter (kept here so the parser's chunk stays lazy). */
function delimiterKey(delimiter: string): string {
  const names: Record<string, string> = {
    ';': 'files.table.delimiter.semicolon',
    '\t': 'files.table.delimiter.tab',
    '|': 'files.table.delimiter.pipe',
  };
  return names[delimiter] ?? 'files.table.delimiter.comma';
}
