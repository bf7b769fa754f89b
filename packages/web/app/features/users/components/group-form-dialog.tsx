import { GroupCreate, type GroupDetail, GroupUpdate } from '@geoportal/contract/users';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GrowingTextarea } from '../../../components/inputs/growing-textarea';
import { useAccess } from '../../../lib/auth/access';
import { useAdminAction } from '../../../lib/hooks/use-admin-action';
import { answerErrors, type FieldMessage, schemaErrors } from '../../../lib/http/field-errors';
import { createGroup, updateGroup } from '../api/groups-api';

type Field = 'name' | 'labelDe' | 'labelEn' | 'description' | 'roles' | 'label';
interface Values {
  name: string;
  labelDe: string;
  labelEn: string;
  description: string;
  roles: string[];
}
const emptyValues: Values = { name: '', labelDe: '', labelEn: '', description: '', roles: [] };

export interface GroupFormDialogProps {
  opened: boolean;
  /** The group to edit; none creates one. */
  group?: GroupDetail | undefined;
  roles: { value: string; label: string }[];
  onClose: () => void;
  onSaved: (group: GroupDetail) => void;
}

/** Creates a group or edits its labels (German and English), description and roles. */
export function GroupFormDialog({ opened, group, roles, onClose, onSaved }: GroupFormDialogProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { client } = useAccess();
  const action = useAdminAction();
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<Partial<Record<Field, FieldMessage>>>({});
  const creating = !group;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!opened) return;
    setValues(
      group
        ? {
            name: group.name,
            labelDe: group.label.de,
            labelEn: group.label.en,
            description: group.description ?? '',
            roles: group.roles,
          }
        : emptyValues,
    );
    setErrors({});
    action.clearFailure();
  }, [opened, group]);

  const text = (field: 'name' | 'labelDe' | 'labelEn' | 'description') => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined, label: undefined }));
    },
    error: (errors[field] ?? (field.startsWith('label') ? errors.label : undefined)) && (
      <FormattedMessage {...((errors[field] ?? errors.label) as FieldMessage)} />
    ),
    label: t(`groups.field.${field}`),
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const label = { de: values.labelDe, en: values.labelEn };
    const body = creating
      ? { name: values.name, label, description: values.description, roles: values.roles }
      : { version: group.version, label, description: values.description, roles: values.roles };
    const parsed = (creating ? GroupCreate : GroupUpdate).safeParse(body);
    if (!parsed.success) return setErrors(schemaErrors<Field>(parsed.error, 'groups.invalid'));
    let failed: unknown;
    const saved = await action.run(
      () =>
        (creating
          ? createGroup(client, body as GroupCreate)
          : updateGroup(client, group.name, body as GroupUpdate)
        ).catch((error: unknown) => {
          failed = error;
          throw error;
        }),
      creating ? 'groups.created' : 'groups.saved',
      { name: values.name },
    );
    if (saved) onSaved(saved);
    else setErrors(answerErrors<Field>(failed, 'groups.invalid', intl.messages));
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={
        creating
          ? t('groups.create.title')
          : intl.formatMessage({ id: 'groups.edit.title' }, { name: group.name })
      }
      closeButtonProps={{ 'aria-label': t('users.dialog.close') }}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)}>
        <Stack gap="sm">
          {creating && (
            <TextInput
              {...text('name')}
              required
              autoComplete="off"
              description={t('groups.field.nameHint')}
              data-autofocus
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput {...text('labelDe')} lang="de" autoComplete="off" />
            <TextInput {...text('labelEn')} lang="en" autoComplete="off" />
          </SimpleGrid>
          <GrowingTextarea {...text('description')} minRows={2} />
          <MultiSelect
            label={t('groups.field.roles')}
            description={t('groups.field.rolesHint')}
            data={roles}
            value={values.roles}
            onChange={(next) => setValues((current) => ({ ...current, roles: next }))}
            error={errors.roles && <FormattedMessage {...errors.roles} />}
            clearable
          />
          {action.failure && (
            <Alert color="red" role="alert">
              {action.failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={action.busy}>
              <FormattedMessage id="users.dialog.cancel" />
            </Button>
            <Button type="submit" loading={action.busy}>
              <FormattedMessage id={creating ? 'groups.create.submit' : 'groups.edit.submit'} />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
