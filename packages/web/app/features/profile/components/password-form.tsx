import { accessLimits, PasswordChange } from '@geoportal/contract/access';
import { ErrorCode } from '@geoportal/contract/errors';
import { Button, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { errorText, hasTranslation } from '../../../lib/http/error-text';
import { HttpRequestError } from '../../../lib/http/http-error';
import { showToast } from '../../../lib/toast';
import { changePassword } from '../api/change-password';
import { type FieldMessage, useFormFields } from '../hooks/use-form-fields';

type Field = 'currentPassword' | 'newPassword' | 'repeatPassword';
const fields: readonly Field[] = ['currentPassword', 'newPassword', 'repeatPassword'];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, FieldMessage>>;
/** A field error as a translation key, translated at render so a language change follows. */

const empty: Values = { currentPassword: '', newPassword: '', repeatPassword: '' };
const lengthRule = { min: accessLimits.passwordMin, max: accessLimits.passwordMax };

/** The client-side message of a field the contract rejects. */
const ruleMessage = (field: Field): FieldMessage =>
  field === 'currentPassword'
    ? { id: 'profile.password.error.currentRequired' }
    : { id: 'profile.password.error.length', values: lengthRule };

/** Checks the form with the contract's `PasswordChange` rules plus the repetition. */
function validate(values: Values): Errors {
  const errors: Errors = {};
  const parsed = PasswordChange.safeParse({
    currentPassword: values.currentPassword,
    newPassword: values.newPassword,
  });
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    // An over-long current password cannot be right; "enter it" would be the wrong advice.
    const tooLong = field === 'currentPassword' && issue.code === 'too_big';
    errors[field] ??= tooLong ? { id: 'error.password.too_long' } : ruleMessage(field);
  }
  if (!errors.newPassword && values.repeatPassword !== values.newPassword) {
    errors.repeatPassword = { id: 'profile.password.error.mismatch' };
  }
  return errors;
}

/**
 * Field errors of a 400 answer: `password.wrong_current` names `body.currentPassword`,
 * `password.common` and the length codes name `body.newPassword`. A code with its own
 * translation (`error.password.…`) says best what is wrong; schema errors fall back to the
 * client-side rule of the field.
 */
function serverErrors(error: unknown, messages: Record<string, unknown>): Errors {
  const errors: Errors = {};
  if (!(error instanceof HttpRequestError) || typeof error.body !== 'object') return errors;
  const { code, fields: named = [] } = error.body;
  const codeKey = `error.${code}`;
  const specific = code !== ErrorCode.validation && hasTranslation(messages, codeKey);
  for (const { path } of named) {
    const field = path.replace(/^body\./, '');
    if (field !== 'currentPassword' && field !== 'newPassword') continue;
    errors[field] = specific ? { id: codeKey } : ruleMessage(field);
  }
  return errors;
}

/**
 * Changes the signed-in user's password. The server ends all sessions of the user and
 * answers a new one, which is adopted at once so this page stays signed in while every
 * other device is signed out.
 */
export function PasswordForm() {
  const { client, auth } = useAccess();
  const intl = useIntl();
  const headingId = useId();
  const [saving, setSaving] = useState(false);
  const { values, errors, inputs, showErrors, handleChange, reset } = useFormFields(fields, empty);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const invalid = validate(values);
    if (Object.keys(invalid).length > 0) return showErrors(invalid);
    setSaving(true);
    try {
      const session = await changePassword(client, {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      // The old token is dead from here on; adopt the new one before anything else is sent.
      auth.adoptSession(session);
      reset(empty);
      showToast(
        'success',
        intl.formatMessage({ id: 'alert.type.success' }),
        intl.formatMessage({ id: 'profile.passwordChanged' }),
      );
      // A password an administrator set is gone now: the fresh user lets the other pages in.
      if (auth.getSnapshot().principal?.mustChangePassword) void auth.start();
    } catch (error) {
      showErrors(serverErrors(error, intl.messages));
      showToast(
        'error',
        intl.formatMessage({ id: 'alert.type.error' }),
        errorText(error, intl.formatMessage, intl.messages),
      );
    } finally {
      setSaving(false);
    }
  };

  const input = (field: Field, label: string, extra: { description?: ReactNode } = {}) => ({
    ref: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    value: values[field],
    onChange: handleChange(field),
    error: errors[field] && <FormattedMessage {...errors[field]} />,
    // Mantine's PasswordInput marks only its wrapper; screen readers need it on the input.
    'aria-invalid': errors[field] ? true : undefined,
    label,
    required: true,
    // Focusable, so that keyboard users can check what they typed, too.
    visibilityToggleFocusable: true,
    visibilityToggleButtonProps: {
      'aria-label': intl.formatMessage({ id: 'profile.password.show' }, { field: label }),
    },
    ...extra,
  });

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} id={headingId}>
        <FormattedMessage id="profile.password.title" />
      </Title>
      {/* POST: never a password in an address, even if sent before the scripts started. */}
      <form method="post" noValidate onSubmit={handleSubmit} aria-labelledby={headingId}>
        <Stack gap="md">
          <PasswordInput
            {...input('currentPassword', intl.formatMessage({ id: 'profile.password.current' }))}
            autoComplete="current-password"
          />
          <PasswordInput
            {...input('newPassword', intl.formatMessage({ id: 'profile.password.new' }), {
              description: <FormattedMessage id="profile.password.newHint" values={lengthRule} />,
            })}
            autoComplete="new-password"
          />
          <PasswordInput
            {...input('repeatPassword', intl.formatMessage({ id: 'profile.password.repeat' }))}
            autoComplete="new-password"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={saving}>
              <FormattedMessage id="profile.password.submit" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
