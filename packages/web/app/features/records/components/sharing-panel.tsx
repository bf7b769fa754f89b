import type { AccessControl } from '@geoportal/contract/object';
import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { useLoaded } from '../../../lib/hooks/use-loaded';
import { errorText } from '../../../lib/http/error-text';
import { useToast } from '../../../lib/use-toast';
import { getAccessControl } from '../api/get-access-control';
import { saveAccessControl } from '../api/save-access-control';
import { AccessControlForm } from './access-control-form';
import { AccessKeysSection } from './access-keys-section';

/**
 * Sharing a record, for users with the accessControl permission: access keys for people
 * without an account, and grants for users, groups and roles.
 */
export function SharingPanel({ id }: { id: string }) {
  const intl = useIntl();
  const toast = useToast();
  const { client } = useAccess();
  const control = useLoaded(useCallback(() => getAccessControl(client, id), [client, id]));
  const [saving, setSaving] = useState(false);
  // The form starts from the loaded value; a new load or a save starts it afresh.
  const [version, setVersion] = useState(0);

  const handleSave = async (next: AccessControl) => {
    setSaving(true);
    try {
      control.set(await saveAccessControl(client, id, next));
      setVersion((value) => value + 1);
      toast.success(intl.formatMessage({ id: 'sharing.grants.saved' }));
    } catch (error) {
      toast.error(errorText(error, intl.formatMessage, intl.messages));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper component="section" aria-labelledby="sharing-heading" withBorder p="md">
      <Stack gap="lg">
        <Title order={2} size="h3" id="sharing-heading">
          <FormattedMessage id="sharing.title" />
        </Title>
        <AccessKeysSection id={id} />
        <Stack gap="md" component="section" aria-labelledby="grants-heading">
          <Title order={3} id="grants-heading">
            <FormattedMessage id="sharing.grants.title" />
          </Title>
          <Text>
            <FormattedMessage id="sharing.grants.intro" />
          </Text>
          {control.error ? (
            <Alert color="red" title={<FormattedMessage id="sharing.loadFailed" />}>
              <Stack gap="sm" align="flex-start">
                {errorText(control.error, intl.formatMessage, intl.messages)}
                <Button variant="light" onClick={control.reload}>
                  <FormattedMessage id="sharing.retry" />
                </Button>
              </Stack>
            </Alert>
          ) : control.data ? (
            <AccessControlForm
              key={version}
              value={control.data}
              busy={saving}
              onSave={handleSave}
            />
          ) : (
            <Loader
              size="sm"
              role="status"
              aria-label={intl.formatMessage({ id: 'sharing.loading' })}
            />
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
