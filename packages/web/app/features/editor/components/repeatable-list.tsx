import { Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EditorValues } from '../model/editor-values';
import { rowLabels } from '../model/field-labels';
import type { ListField } from '../model/field-spec';
import { useEditor, useEditorValue, useIssue } from './editor-context';

type Row = EditorValues[ListField][number];

export interface RepeatableListProps {
  list: ListField;
  /** A new, empty row. */
  create: () => Row;
  max: number;
  addLabel: ReactNode;
  /** Shown while the list is empty. */
  emptyText: ReactNode;
  /** The inputs of one row. */
  children: (index: number) => ReactNode;
}

/** Moves the focus to an element once React has drawn the change. */
const focusLater = (id: string) =>
  requestAnimationFrame(() => document.getElementById(id)?.focus());

/**
 * A list of entries (contacts, formats, online resources, related records): each row a
 * fieldset named "Kontakt 2", with buttons to move it up or down and to remove it. The focus
 * follows the moved row and goes to the add button after a removal, so keyboard users keep
 * their place.
 */
export function RepeatableList({
  list,
  create,
  max,
  addLabel,
  emptyText,
  children,
}: RepeatableListProps) {
  const intl = useIntl();
  const { form } = useEditor();
  // The rows' keys as one string: typing in a row changes no key, so the list stays as it is.
  const rowKeys = useEditorValue((values) =>
    (values[list] as Row[]).map((row) => row.key).join(' '),
  );
  const rows = rowKeys === '' ? [] : rowKeys.split(' ').map((key) => ({ key }));
  const listIssue = useIssue(list);
  const addId = `editor-${list}-add`;
  const rowName = (index: number) => intl.formatMessage(rowLabels[list], { number: index + 1 });

  const move = (key: string, from: number, to: number) => {
    form.reorderListItem(list, { from, to });
    // At either end the button just used is disabled; the other one keeps the focus in the row.
    const direction = to === 0 ? 'down' : to === rows.length - 1 ? 'up' : from > to ? 'up' : 'down';
    focusLater(`${key}-${direction}`);
  };
  const remove = (index: number) => {
    form.removeListItem(list, index);
    focusLater(addId);
  };
  const add = () => {
    const row = create();
    form.insertListItem(list, row);
    focusLater(`${row.key}-legend`);
  };

  return (
    <Stack gap="sm">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
      {rows.map((row, index) => {
        const name = rowName(index);
        return (
          <Fieldset
            key={row.key}
            legend={
              <span id={`${row.key}-legend`} tabIndex={-1}>
                {name}
              </span>
            }
            variant="filled"
          >
            <Stack gap="sm">
              {children(index)}
              <Group gap="xs" justify="flex-end">
                <Button
                  id={`${row.key}-up`}
                  variant="subtle"
                  size="compact-sm"
                  disabled={index === 0}
                  onClick={() => move(row.key, index, index - 1)}
                  aria-label={intl.formatMessage({ id: 'editor.row.up' }, { row: name })}
                >
                  <FormattedMessage id="editor.row.upShort" />
                </Button>
                <Button
                  id={`${row.key}-down`}
                  variant="subtle"
                  size="compact-sm"
                  disabled={index === rows.length - 1}
                  onClick={() => move(row.key, index, index + 1)}
                  aria-label={intl.formatMessage({ id: 'editor.row.down' }, { row: name })}
                >
                  <FormattedMessage id="editor.row.downShort" />
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => remove(index)}
                  aria-label={intl.formatMessage({ id: 'editor.row.remove' }, { row: name })}
                >
                  <FormattedMessage id="editor.row.removeShort" />
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      {listIssue && (
        <Text size="sm" c="red" role="alert">
          {listIssue}
        </Text>
      )}
      <Group>
        <Button id={addId} variant="light" onClick={add} disabled={rows.length >= max}>
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
}
