import type { ObjectDetailed } from '@geoportal/contract/object';
import { objectLimits } from '@geoportal/contract/object-rules';
import { Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { changeState } from '../../../lib/api/change-state';
import { useAccess } from '../../../lib/auth/access';
import { errorText } from '../../../lib/http/error-text';
import { useToast } from '../../../lib/use-toast';
import { needsComment, stepLabelKey, type WorkflowStep } from '../model/transitions';

export interface WorkflowActionsProps {
  /** The record in the detailed view: its `permissions.transitions` say what is allowed. */
  record: ObjectDetailed;
  /** Whether the signed-in user owns the record (owners take a submission back freely). */
  isOwner: boolean;
  /** Called after a step succeeded; the page loads the record again. */
  onChanged: () => void | Promise<void>;
}

/**
 * The workflow steps the user may take now (DESIGN §5), one button each, exactly as the
 * server lists them in `permissions.transitions`. Every step asks first in a dialog with a
 * comment that the history keeps: optional for submitting and publishing (a note for the
 * reviewer or the owner), required for an editor's return to draft.
 */
export function WorkflowActions({ record, isOwner, onChanged }: WorkflowActionsProps) {
  const intl = useIntl();
  const toast = useToast();
  const { client } = useAccess();
  const [asking, setAsking] = useState<WorkflowStep | null>(null);
  const [comment, setComment] = useState('');
  const [commentMissing, setCommentMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const steps = record.permissions.transitions.map((to) => ({ from: record.state, to }));
  if (steps.length === 0) return null;

  const run = async (step: WorkflowStep, text?: string) => {
    setBusy(true);
    try {
      await changeState(client, record.id, { state: step.to, comment: text || undefined });
      setAsking(null);
      toast.success(intl.formatMessage({ id: `record.action.done.${step.to}` }));
      await onChanged();
    } catch (error) {
      toast.error(errorText(error, intl.formatMessage, intl.messages));
    } finally {
      setBusy(false);
    }
  };

  const handleClick = (step: WorkflowStep) => {
    setComment('');
    setCommentMissing(false);
    setAsking(step);
  };

  const handleConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (!asking || busy) return;
    const text = comment.trim();
    if (needsComment(asking, isOwner) && !text) return setCommentMissing(true);
    void run(asking, text);
  };

  const label = (step: WorkflowStep) => intl.formatMessage({ id: stepLabelKey(step, isOwner) });
  const required = asking ? needsComment(asking, isOwner) : false;

  return (
    <section aria-labelledby="workflow-heading">
      <Title order={2} size="h3" id="workflow-heading" mb="xs">
        <FormattedMessage id="record.workflow" />
      </Title>
      <Group gap="sm">
        {steps.map((step) => (
          <Button
            key={step.to}
            variant={step.to === 'withdrawn' || step.to === 'draft' ? 'default' : 'filled'}
            onClick={() => handleClick(step)}
            disabled={busy}
          >
            {label(step)}
          </Button>
        ))}
      </Group>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? label(asking) : ''}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'record.dialog.close' }) }}
      >
        <form onSubmit={handleConfirm} noValidate>
          <Stack gap="md">
            <Text>
              {asking && <FormattedMessage id={`record.confirm.${asking.from}.${asking.to}`} />}
            </Text>
            <Textarea
              label={<FormattedMessage id="record.comment" />}
              description={
                <FormattedMessage
                  id={required ? 'record.commentRequired' : 'record.commentOptional'}
                />
              }
              required={required}
              value={comment}
              onChange={(event) => {
                setComment(event.currentTarget.value);
                setCommentMissing(false);
              }}
              error={commentMissing && <FormattedMessage id="record.commentMissing" />}
              maxLength={objectLimits.commentMax}
              rows={4}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setAsking(null)} disabled={busy}>
                <FormattedMessage id="record.cancel" />
              </Button>
              <Button type="submit" loading={busy}>
                {asking ? label(asking) : ''}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </section>
  );
}
