import { type Profile, ProfileUpdate } from '@geoportal/contract/access';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { errorText } from '../../../lib/http/error-text';
import { HttpRequestError } from '../../../lib/http/http-error';
import { showToast } from '../../../lib/toast';
import { getProfile } from '../api/get-profile';
import { updateProfile } from '../api/update-profile';
import { type FieldMessage, useFormFields } from '../hooks/use-form-fields';

type Field = 'givenName' | 'surname' | 'email' | 'description';
const fields: readonly Field[] = ['givenName', 'surname', 'email', 'description'];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, FieldMessage>>;
/** A field error as a translation key, translated at render so a language change follows. */
type Issue = NonNullable<ReturnType<typeof ProfileUpdate.safeParse>['error']>['issues'][number];

const blank: Values = { givenName: '', surname: '', email: '', description: '' };
const valuesOf = (profile: Profile): Values =>
  Object.fromEntries(fields.map((field) => [field, profile[field]])) as Values;
const isField = (name: unknown): name is Field => fields.includes(name as Field);

/** What to say about a field whose value was refused for a reason other than its length. */
const refusedMessage = (field: Field): FieldMessage =>
  field === 'email' ? { id: 'profile.error.email' } : { id: 'profile.error.invalid' };

/**
 * The fields whose trimmed value differs from the saved profile: exactly what a save sends,
 * so a stored value the user did not touch is never re-validated or overwritten.
 */
function changes(profile: Profile, values: Values): ProfileUpdate {
  const body: ProfileUpdate = {};
  for (const field of fields) {
    const value = values[field].trim();
    if (value !== profile[field]) body[field] = value;
  }
  return body;
}

function issueMessage(issue: Issue): FieldMessage {
  // The email rule is a union ('' or an address), so its length problem sits one level down.
  const nested = issue.code === 'invalid_union' ? issue.errors.flat() : [issue];
  const tooBig = nested.find((i) => i.code === 'too_big');
  if (tooBig) return { id: 'profile.error.tooLong', values: { max: Number(tooBig.maximum) } };
  return refusedMessage(issue.path[0] as Field);
}

/** Field errors a 400 answer names (`body.email` → `email`), in the form's words. */
function serverErrors(error: unknown): Errors {
  const errors: Errors = {};
  if (!(error instanceof HttpRequestError) || typeof error.body !== 'object') return errors;
  for (const { path } of error.body.fields ?? []) {
    const field = path.replace(/^body\./, '');
    if (isField(field)) errors[field] = refusedMessage(field);
  }
  return errors;
}

/**
 * The signed-in user's own given name, surname, email and description, loaded from and saved
 * to the server. Read-only users (accounts managed by an external realm) see the values with
 * an explanation and cannot save.
 */
export function ProfileForm() {
  const { client, auth } = useAccess();
  const intl = useIntl();
  const headingId = useId();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const { values, errors, inputs, showErrors, handleChange, reset, setValues } = useFormFields(
    fields,
    blank,
  );

  const load = useCallback(() => {
    let active = true;
    setLoadError(null);
    getProfile(client).then(
      (loaded) => {
        if (!active) return;
        setProfile(loaded);
        setValues(valuesOf(loaded));
      },
      (error: unknown) => {
        if (active) setLoadError(error ?? new Error());
      },
    );
    // An answer that arrives after unmounting (or after a newer load) must not land.
    return () => {
      active = false;
    };
  }, [client, setValues]);

  useEffect(load, [load]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!profile || profile.readonly || saving) return;
    const parsed = ProfileUpdate.safeParse(changes(profile, values));
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field)) next[field] ??= issueMessage(issue);
      }
      return showErrors(next);
    }
    if (Object.keys(parsed.data).length === 0) return;
    setSaving(true);
    try {
      const saved = await updateProfile(client, parsed.data);
      setProfile(saved);
      reset(valuesOf(saved));
      showToast(
        'success',
        intl.formatMessage({ id: 'alert.type.success' }),
        intl.formatMessage({ id: 'profile.saved' }),
      );
      // The user menu shows the display name from the principal; a failed refresh only
      // delays that, the save itself has succeeded.
      auth.refresh().catch(() => undefined);
    } catch (error) {
      showErrors(serverErrors(error));
      showToast(
        'error',
        intl.formatMessage({ id: 'alert.type.error' }),
        errorText(error, intl.formatMessage, intl.messages),
      );
    } finally {
      setSaving(false);
    }
  };

  if (!profile) {
    if (!loadError) {
      return (
        <Center py="xl">
          <Loader role="status" aria-label={intl.formatMessage({ id: 'profile.loading' })} />
        </Center>
      );
    }
    return (
      <Alert color="red" title={<FormattedMessage id="profile.loadFailed" />}>
        <Stack gap="sm" align="flex-start">
          {errorText(loadError, intl.formatMessage, intl.messages)}
          <Button variant="light" onClick={load}>
            <FormattedMessage id="profile.retry" />
          </Button>
        </Stack>
      </Alert>
    );
  }

  const { readonly } = profile;
  const dirty = Object.keys(changes(profile, values)).length > 0;
  const input = (field: Field) => ({
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      inputs.current[field] = element;
    },
    value: values[field],
    onChange: handleChange(field),
    error: errors[field] && <FormattedMessage {...errors[field]} />,
    disabled: readonly,
  });

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} id={headingId}>
        <FormattedMessage id="profile.details" />
      </Title>
      {readonly && (
        <Alert color="blue" title={<FormattedMessage id="profile.readonlyTitle" />}>
          <FormattedMessage id="profile.readonly" />
        </Alert>
      )}
      <form noValidate onSubmit={handleSubmit} aria-labelledby={headingId}>
        <Stack gap="md">
          <TextInput
            label={<FormattedMessage id="profile.field.name" />}
            description={<FormattedMessage id="profile.field.nameHint" />}
            value={profile.name}
            readOnly
            autoComplete="username"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              {...input('givenName')}
              label={<FormattedMessage id="profile.field.givenName" />}
              autoComplete="given-name"
            />
            <TextInput
              {...input('surname')}
              label={<FormattedMessage id="profile.field.surname" />}
              autoComplete="family-name"
            />
          </SimpleGrid>
          <TextInput
            {...input('email')}
            type="email"
            label={<FormattedMessage id="profile.field.email" />}
            autoComplete="email"
          />
          <Textarea
            {...input('description')}
            label={<FormattedMessage id="profile.field.description" />}
            description={<FormattedMessage id="profile.field.descriptionHint" />}
            rows={3}
          />
          {!readonly && (
            <Group justify="flex-end">
              <Button type="submit" loading={saving} disabled={saving || !dirty}>
                <FormattedMessage id="profile.save" />
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
