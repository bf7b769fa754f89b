import { objectLimits } from '@geoportal/contract/object-rules';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

export interface StepCommentModalProps {
  /** The step asked about, or null while closed. */
  step: 'submitted' | 'published' | null;
  onConfirm: (comment: string | undefined) => void;
  onClose: () => void;
}

/**
 * Asks before the editor submits or publishes, with an optional comment the record's
 * history keeps (a note for the reviewer, or for the owner on publishing). The step itself
 * (save, then change the state) runs after the dialog closed.
 */
export function StepCommentModal({ step, onConfirm, onClose }: StepCommentModalProps) {
  const intl = useIntl();
  const [comment, setComment] = useState('');
  useEffect(() => {
    if (step) setComment('');
  }, [step]);
  const label = step
    ? intl.formatMessage({
        id: step === 'submitted' ? 'editor.action.submit' : 'editor.action.publish',
      })
    : '';
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Its own form inside the editor's: the editor must not save on this submit.
    event.stopPropagation();
    onConfirm(comment.trim() || undefined);
  };
  return (
    <Modal
      opened={step !== null}
      onClose={onClose}
      title={label}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'record.dialog.close' }) }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text>{step && <FormattedMessage id={`editor.confirm.${step}`} />}</Text>
          <Textarea
            label={<FormattedMessage id="record.comment" />}
            description={<FormattedMessage id="record.commentOptional" />}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={objectLimits.commentMax}
            rows={3}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              <FormattedMessage id="record.cancel" />
            </Button>
            <Button type="submit">{label}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
