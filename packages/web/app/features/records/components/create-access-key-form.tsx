import type { AccessKeyType, CreateAccessKey } from '@geoportal/contract/object';
import { Button, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** Today as `YYYY-MM-DD` in local time, the format of a date field. */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The end of a chosen day in the user's time zone as an ISO time: a key "valid until
 * 30 June" opens the record for all of 30 June.
 */
export function endOfDay(date: string): string {
  return new Date(`${date}T23:59:59.999`).toISOString();
}

/**
 * Creates an access key: its type (read, or read and write), a comment saying for whom or
 * what, and an optional last day. The key's type never changes later (DESIGN §5).
 */
export function CreateAccessKeyForm({
  busy,
  onCreate,
}: {
  busy: boolean;
  onCreate: (request: CreateAccessKey) => Promise<boolean>;
}) {
  const intl = useIntl();
  const [type, setType] = useState<AccessKeyType>('read');
  const [comment, setComment] = useState('');
  const [expires, setExpires] = useState('');
  const [pastDate, setPastDate] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (expires && expires < today()) return setPastDate(true);
    const created = await onCreate({
      type,
      comment: comment.trim() || undefined,
      expires: expires ? endOfDay(expires) : undefined,
    });
    if (created) {
      setComment('');
      setExpires('');
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="create-key-heading">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            label={<FormattedMessage id="sharing.create.type" />}
            value={type}
            onChange={(event) => setType(event.currentTarget.value as AccessKeyType)}
            data={(['read', 'write'] as const).map((value) => ({
              value,
              label: intl.formatMessage({ id: `sharing.keyType.${value}` }),
            }))}
          />
          <TextInput
            label={<FormattedMessage id="sharing.create.comment" />}
            description={<FormattedMessage id="sharing.create.commentHint" />}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={500}
          />
          <TextInput
            type="date"
            label={<FormattedMessage id="sharing.create.expires" />}
            description={<FormattedMessage id="sharing.create.expiresHint" />}
            value={expires}
            min={today()}
            onChange={(event) => {
              setExpires(event.currentTarget.value);
              setPastDate(false);
            }}
            error={pastDate && <FormattedMessage id="sharing.create.pastDate" />}
          />
        </SimpleGrid>
        <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
          <FormattedMessage id="sharing.create.submit" />
        </Button>
      </Stack>
    </form>
  );
}
