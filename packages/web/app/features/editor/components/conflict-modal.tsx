import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { FormattedMessage, useIntl } from 'react-intl';
import { labelOf } from '../../../lib/classifications/classification-options';
import { useClassification } from '../../../lib/classifications/use-classification';
import type { Busy, Conflict } from '../hooks/use-record-actions';
import { diffRecords, type ValueFormatter } from '../model/conflict-diff';
import classes from './editor.module.css';

/** Words for codes: the labels of the classifications a record uses, in the page language. */
function useValueFormatter(): ValueFormatter {
  const intl = useIntl();
  const loaded = {
    resourceType: useClassification('resourceType').classification,
    topicCategory: useClassification('topicCategory').classification,
    inspireTheme: useClassification('inspireTheme').classification,
    license: useClassification('license').classification,
    contactRole: useClassification('contactRole').classification,
    protocol: useClassification('protocol').classification,
  };
  const classifications: Record<string, (typeof loaded)[keyof typeof loaded]> = loaded;
  return {
    term: (descriptor) => intl.formatMessage(descriptor, descriptor.values),
    code: (classification, code) => labelOf(classifications[classification], code, intl.locale),
    number: (value) => intl.formatNumber(value),
  };
}

export interface ConflictModalProps {
  conflict: Conflict | null;
  busy: Busy;
  onLoadSaved: () => void;
  onOverwrite: () => void;
  onCancel: () => void;
}

/**
 * A lost update: someone saved the record while the user edited it. Shows the fields that
 * differ, the user's and the saved value side by side, and lets the user choose knowingly:
 * continue from the saved version, overwrite it, or go back to the form (nothing happens).
 */
export function ConflictModal({
  conflict,
  busy,
  onLoadSaved,
  onOverwrite,
  onCancel,
}: ConflictModalProps) {
  const intl = useIntl();
  const formatter = useValueFormatter();
  const phone = useMediaQuery('(max-width: 36em)');
  const rows = conflict ? diffRecords(conflict.mine, conflict.saved, formatter) : [];
  const saved = conflict?.saved;
  return (
    <Modal
      opened={conflict !== null}
      onClose={onCancel}
      size="xl"
      fullScreen={phone}
      title={intl.formatMessage({ id: 'editor.conflict.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'editor.dialog.close' }) }}
    >
      <Stack gap="md">
        <Text>
          {saved && (
            <FormattedMessage
              id="editor.conflict.text"
              values={{
                when: intl.formatDate(saved.modified, { dateStyle: 'medium', timeStyle: 'short' }),
              }}
            />
          )}
        </Text>
        {rows.length === 0 ? (
          <Text>
            <FormattedMessage id="editor.conflict.same" />
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table withTableBorder withColumnBorders verticalSpacing="xs">
              <Table.Caption>
                <FormattedMessage id="editor.conflict.caption" values={{ count: rows.length }} />
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    <FormattedMessage id="editor.conflict.field" />
                  </Table.Th>
                  <Table.Th scope="col">
                    <FormattedMessage id="editor.conflict.mine" />
                  </Table.Th>
                  <Table.Th scope="col">
                    <FormattedMessage id="editor.conflict.saved" />
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.field}>
                    <Table.Th scope="row">{intl.formatMessage(row.label)}</Table.Th>
                    <Table.Td className={classes.value}>{row.mine}</Table.Td>
                    <Table.Td className={classes.value}>{row.saved}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={onCancel}
            disabled={busy === 'overwrite'}
            data-autofocus
          >
            <FormattedMessage id="editor.conflict.cancel" />
          </Button>
          <Button variant="default" onClick={onLoadSaved} disabled={busy === 'overwrite'}>
            <FormattedMessage id="editor.conflict.loadSaved" />
          </Button>
          <Button onClick={onOverwrite} loading={busy === 'overwrite'}>
            <FormattedMessage id="editor.conflict.overwrite" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
