import { accessLimits } from '@geoportal/contract/access';
import { UserCreate, type UserDetail, UserUpdate } from '@geoportal/contract/users';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GrowingTextarea } from '../../../components/inputs/growing-textarea';
import { useAccess } from '../../../lib/auth/access';
import { useAdminAction } from '../../../lib/hooks/use-admin-action';
import { answerErrors, type FieldMessage, schemaErrors } from '../../../lib/http/field-errors';
import { createUser, updateUser } from '../api/users-api';
import { useChoices } from '../hooks/use-choices';

type TextField = 'name' | 'password' | 'givenName' | 'surname' | 'email' | 'description';
type Field = TextField | 'roles' | 'groups';
type Values = Record<TextField, string> & {
  roles: string[];
  groups: string[];
  mustChangePassword: boolean;
};

const emptyValues: Values = {
  name: '',
  password: '',
  givenName: '',
  surname: '',
  email: '',
  description: '',
  roles: [],
  groups: [],
  mustChangePassword: true,
};

function valuesOf(user: UserDetail): Values {
  return {
    ...emptyValues,
    name: user.name,
    givenName: user.givenName ?? '',
    surname: user.surname ?? '',
    email: user.email ?? '',
    description: user.description ?? '',
    roles: user.roles,
    groups: user.groups,
  };
}

export interface UserFormDialogProps {
  opened: boolean;
  /** The user to edit; none creates a new one. */
  user?: UserDetail | undefined;
  onClose: () => void;
  /** Called with the user as saved. */
  onSaved: (user: UserDetail) => void;
}

/**
 * Creates or edits a user: names, e-mail, description, direct roles and groups, and for a
 * new user the first password (to be changed at the first sign-in unless unticked). Checks
 * with the contract's rules before sending; the server's refusals mark their fields. Users
 * managed elsewhere keep their fields: only roles and groups can change.
 */
export function UserFormDialog({ opened, user, onClose, onSaved }: UserFormDialogProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { client } = useAccess();
  const choices = useChoices();
  const action = useAdminAction();
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<Partial<Record<Field, FieldMessage>>>({});
  const form = useRef<HTMLFormElement>(null);
  const creating = !user;
  const locked = user?.readonly ?? false;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!opened) return;
    setValues(user ? valuesOf(user) : emptyValues);
    setErrors({});
    action.clearFailure();
  }, [opened, user]);

  const show = (next: Partial<Record<Field, FieldMessage>>) => {
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  };

  const text = (field: TextField) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
    error: errors[field] && <FormattedMessage {...errors[field]} />,
    'data-field': field,
    label: t(`users.field.${field}`),
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const profile = {
      givenName: values.givenName,
      surname: values.surname,
      email: values.email,
      description: values.description,
    };
    const body = creating
      ? {
          name: values.name,
          password: values.password,
          mustChangePassword: values.mustChangePassword,
          roles: values.roles,
          groups: values.groups,
          ...profile,
        }
      : {
          version: user.version,
          roles: values.roles,
          groups: values.groups,
          ...(locked ? {} : profile),
        };
    const parsed = (creating ? UserCreate : UserUpdate).safeParse(body);
    if (!parsed.success) return show(schemaErrors<Field>(parsed.error, 'users.invalid'));
    let failed: unknown;
    const saved = await action.run(
      () =>
        (creating
          ? createUser(client, body as UserCreate)
          : updateUser(client, user.name, body as UserUpdate)
        ).catch((error: unknown) => {
          failed = error;
          throw error;
        }),
      creating ? 'users.created' : 'users.saved',
      { name: creating ? values.name : user.name },
    );
    if (saved) onSaved(saved);
    else show(answerErrors<Field>(failed, 'users.invalid', intl.messages));
  };

  const roleOptions = (choices.data?.roles ?? []).map((role) => ({
    value: role.name,
    label: intl.formatMessage({ id: `users.role.${role.name}`, defaultMessage: role.name }),
  }));
  const groupOptions = (choices.data?.groups ?? []).map((group) => ({
    value: group.name,
    label: group.label[intl.locale === 'de' ? 'de' : 'en'] || group.name,
  }));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={
        creating
          ? t('users.create.title')
          : intl.formatMessage({ id: 'users.edit.title' }, { name: user.name })
      }
      closeButtonProps={{ 'aria-label': t('users.dialog.close') }}
    >
      <form ref={form} noValidate onSubmit={(event) => void handleSubmit(event)}>
        <Stack gap="sm">
          {locked && (
            <Alert color="blue">
              <FormattedMessage id="users.readonlyHint" />
            </Alert>
          )}
          {creating && (
            <>
              <TextInput
                {...text('name')}
                required
                autoComplete="off"
                description={t('users.field.nameHint')}
                data-autofocus
              />
              <PasswordInput
                {...text('password')}
                required
                autoComplete="new-password"
                description={intl.formatMessage(
                  { id: 'users.field.passwordHint' },
                  { min: accessLimits.passwordMin },
                )}
                visibilityToggleButtonProps={{ 'aria-label': t('users.field.showPassword') }}
              />
              <Checkbox
                checked={values.mustChangePassword}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setValues((current) => ({ ...current, mustChangePassword: checked }));
                }}
                label={t('users.field.mustChangePassword')}
              />
            </>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput {...text('givenName')} disabled={locked} autoComplete="off" />
            <TextInput {...text('surname')} disabled={locked} autoComplete="off" />
          </SimpleGrid>
          <TextInput {...text('email')} type="email" disabled={locked} autoComplete="off" />
          <GrowingTextarea {...text('description')} disabled={locked} minRows={2} />
          <MultiSelect
            label={t('users.field.roles')}
            data={roleOptions}
            value={values.roles}
            onChange={(roles) => setValues((current) => ({ ...current, roles }))}
            error={errors.roles && <FormattedMessage {...errors.roles} />}
            data-field="roles"
            clearable
          />
          <MultiSelect
            label={t('users.field.groups')}
            data={groupOptions}
            value={values.groups}
            onChange={(groups) => setValues((current) => ({ ...current, groups }))}
            error={errors.groups && <FormattedMessage {...errors.groups} />}
            data-field="groups"
            searchable
            clearable
            nothingFoundMessage={t('users.field.noGroup')}
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
              <FormattedMessage id={creating ? 'users.create.submit' : 'users.edit.submit'} />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
