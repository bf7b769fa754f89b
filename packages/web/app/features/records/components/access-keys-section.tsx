import type { AccessKey, CreateAccessKey } from '@geoportal/contract/object';
import { Alert, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { useLoaded } from '../../../lib/hooks/use-loaded';
import { errorText } from '../../../lib/http/error-text';
import { useToast } from '../../../lib/use-toast';
import { createAccessKey } from '../api/create-access-key';
import { listAccessKeys } from '../api/list-access-keys';
import { revokeAccessKey } from '../api/revoke-access-key';
import { AccessKeyList } from './access-key-list';
import { CreateAccessKeyForm } from './create-access-key-form';
import { SecretModal } from './secret-modal';

/**
 * The record's access keys: the list, a form to create one (its secret is shown once, in a
 * dialog) and revoking with a confirmation.
 */
export function AccessKeysSection({ id }: { id: string }) {
  const intl = useIntl();
  const toast = useToast();
  const { client } = useAccess();
  const keys = useLoaded(useCallback(() => listAccessKeys(client, id), [client, id]));
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<AccessKey | null>(null);
  const fail = (error: unknown) => toast.error(errorText(error, intl.formatMessage, intl.messages));

  const handleCreate = async (request: CreateAccessKey) => {
    setBusy(true);
    try {
      const created = await createAccessKey(client, id, request);
      setSecret(created.secret);
      keys.reload();
      return true;
    } catch (error) {
      fail(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const handleRevoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await revokeAccessKey(client, id, revoking.id);
      setRevoking(null);
      toast.success(intl.formatMessage({ id: 'sharing.keys.revoked' }));
      keys.reload();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="keys-heading">
      <Title order={3} id="keys-heading">
        <FormattedMessage id="sharing.keys.title" />
      </Title>
      <Text>
        <FormattedMessage id="sharing.keys.intro" />
      </Text>
      {keys.error ? (
        <Alert color="red" title={<FormattedMessage id="sharing.loadFailed" />}>
          <Stack gap="sm" align="flex-start">
            {errorText(keys.error, intl.formatMessage, intl.messages)}
            <Button variant="light" onClick={keys.reload}>
              <FormattedMessage id="sharing.retry" />
            </Button>
          </Stack>
        </Alert>
      ) : keys.data ? (
        <AccessKeyList keys={keys.data} onRevoke={setRevoking} />
      ) : (
        <Loader
          size="sm"
          role="status"
          aria-label={intl.formatMessage({ id: 'sharing.loading' })}
        />
      )}
      <Title order={4} id="create-key-heading">
        <FormattedMessage id="sharing.create.title" />
      </Title>
      <CreateAccessKeyForm busy={busy} onCreate={handleCreate} />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={intl.formatMessage({ id: 'sharing.revoke.title' })}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'record.dialog.close' }) }}
      >
        <Stack gap="md">
          <Text>
            <FormattedMessage id="sharing.revoke.text" />
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRevoking(null)} disabled={busy}>
              <FormattedMessage id="record.cancel" />
            </Button>
            <Button color="red" onClick={handleRevoke} loading={busy}>
              <FormattedMessage id="sharing.revoke.confirm" />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
