import { Alert, Button, Checkbox, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage } from 'react-intl';

export interface AccessKeyEntryProps {
  /** The last key entered was refused (wrong, expired or revoked). */
  rejected: boolean;
  /** While the record is loaded again with the entered key. */
  busy: boolean;
  /** Holds the key (remembered on this device or for this session) and loads the record. */
  onSubmit: (key: string, remember: boolean) => void;
}

/**
 * Offered when a record cannot be read but an access key would open it: a key field, a
 * "remember on this device" choice (off by default, for shared computers), and a clear
 * message when the key was refused.
 */
export function AccessKeyEntry({ rejected, busy, onSubmit }: AccessKeyEntryProps) {
  const [key, setKey] = useState('');
  const [remember, setRemember] = useState(false);
  const [empty, setEmpty] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = key.trim();
    if (!value) return setEmpty(true);
    onSubmit(value, remember);
  };

  return (
    <Container size="sm" py="md" w="100%">
      <Stack gap="md">
        <Title order={1}>
          <FormattedMessage id="record.key.title" />
        </Title>
        <Text>
          <FormattedMessage id="record.key.text" />
        </Text>
        {rejected && (
          <Alert
            color="red"
            role="alert"
            title={<FormattedMessage id="record.key.rejectedTitle" />}
          >
            <FormattedMessage id="record.key.rejected" />
          </Alert>
        )}
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={<FormattedMessage id="record.key.field" />}
              value={key}
              onChange={(event) => {
                setKey(event.currentTarget.value);
                setEmpty(false);
              }}
              error={empty && <FormattedMessage id="record.key.empty" />}
              autoComplete="off"
              spellCheck={false}
              required
            />
            <Checkbox
              label={<FormattedMessage id="record.key.remember" />}
              description={<FormattedMessage id="record.key.rememberHint" />}
              checked={remember}
              onChange={(event) => setRemember(event.currentTarget.checked)}
            />
            <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
              <FormattedMessage id="record.key.submit" />
            </Button>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
