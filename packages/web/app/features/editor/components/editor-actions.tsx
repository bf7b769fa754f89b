import type { RequiredField } from '@geoportal/contract/record';
import { Button, Group, Stack, Text } from '@mantine/core';
import { type Ref, useRef } from 'react';
import { FormattedList, FormattedMessage, useIntl } from 'react-intl';
import { useBottomScrollPadding } from '../hooks/use-bottom-scroll-padding';
import type { Busy, EditedRecord } from '../hooks/use-record-actions';
import { requiredLabels } from '../model/field-labels';
import classes from './editor.module.css';

export interface EditorActionsProps {
  record: EditedRecord | null;
  busy: Busy;
  dirty: boolean;
  missing: readonly RequiredField[];
  onStep: (state: 'submitted' | 'published') => void;
  /** The save button, where the editor puts the focus back after a save. */
  saveRef?: Ref<HTMLButtonElement>;
}

/**
 * Save (a draft may be incomplete), submit for review and, for editors, publish. Submitting
 * and publishing need a complete record: while fields are missing the buttons are off and
 * the hint below names what is missing. The bar sticks to the bottom of the window at every
 * width (on a phone the form is thousands of pixels long), and the page's scroll padding
 * keeps focused fields clear of it.
 */
export function EditorActions({
  record,
  busy,
  dirty,
  missing,
  onStep,
  saveRef,
}: EditorActionsProps) {
  const intl = useIntl();
  const canSubmit = !record || record.transitions.includes('submitted');
  const canPublish = Boolean(record?.transitions.includes('published'));
  const incomplete = missing.length > 0;
  const isDraft = !record || record.state === 'draft';
  const working = busy !== null;
  const hintId = 'editor-missing-hint';
  const bar = useRef<HTMLDivElement>(null);
  useBottomScrollPadding(bar);
  return (
    <div className={classes.actions} ref={bar} data-testid="editor-actions">
      <Stack gap="xs">
        <Group gap="sm">
          <Button
            ref={saveRef}
            type="submit"
            loading={busy === 'save'}
            disabled={working && busy !== 'save'}
          >
            {isDraft ? (
              <FormattedMessage id="editor.action.saveDraft" />
            ) : (
              <FormattedMessage id="editor.action.save" />
            )}
          </Button>
          {canSubmit && (
            <Button
              variant="light"
              onClick={() => onStep('submitted')}
              loading={busy === 'submitted'}
              disabled={incomplete || (working && busy !== 'submitted')}
              aria-describedby={incomplete ? hintId : undefined}
            >
              <FormattedMessage id="editor.action.submit" />
            </Button>
          )}
          {canPublish && (
            <Button
              variant="light"
              onClick={() => onStep('published')}
              loading={busy === 'published'}
              disabled={incomplete || (working && busy !== 'published')}
              aria-describedby={incomplete ? hintId : undefined}
            >
              <FormattedMessage id="editor.action.publish" />
            </Button>
          )}
          <Text size="sm" c="dimmed" role="status">
            {dirty ? (
              <FormattedMessage id="editor.status.unsaved" />
            ) : record ? (
              <FormattedMessage id="editor.status.saved" />
            ) : null}
          </Text>
        </Group>
        {incomplete && (canSubmit || canPublish) && (
          <Text size="sm" id={hintId} className={classes.hint}>
            <FormattedMessage
              id="editor.action.missing"
              values={{
                fields: (
                  <FormattedList
                    type="conjunction"
                    value={missing.map((field) => intl.formatMessage(requiredLabels[field]))}
                  />
                ),
              }}
            />
          </Text>
        )}
      </Stack>
    </div>
  );
}
