import { Metadata, objectLimits } from '@geoportal/contract/object';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAccess } from '../../../lib/auth/access';
import { errorText } from '../../../lib/http/error-text';
import { useToast } from '../../../lib/use-toast';
import { pathTo } from '../../../route-paths';
import { createRecord } from '../api/create-record';

/**
 * MINIMAL FORM: the Records editor (full ISO 19115 record, one zod schema in the editor and
 * on the server) replaces it. It asks for what a draft needs — a title in German or
 * English — plus a German abstract, creates the draft and opens its page.
 */
export function CreateRecordForm() {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const { client } = useAccess();
  const [titleDe, setTitleDe] = useState('');
  const [titleEn, setTitleEn] = useState('');
  const [abstractDe, setAbstractDe] = useState('');
  const [titleMissing, setTitleMissing] = useState(false);
  const [saving, setSaving] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const metadata = Metadata.safeParse({
      title: { de: titleDe.trim() || undefined, en: titleEn.trim() || undefined },
      abstract: abstractDe.trim() ? { de: abstractDe.trim() } : undefined,
    });
    if (!metadata.success) return setTitleMissing(true);
    setSaving(true);
    try {
      const created = await createRecord(client, { type: 'dataset', metadata: metadata.data });
      toast.success(intl.formatMessage({ id: 'record.create.done' }));
      navigate(pathTo('metadata.record', { id: created.id }));
    } catch (error) {
      toast.error(errorText(error, intl.formatMessage, intl.messages));
      setSaving(false);
    }
  };

  const titleError = titleMissing && <FormattedMessage id="record.create.titleMissing" />;
  const changeTitle =
    (set: (value: string) => void) => (event: { currentTarget: { value: string } }) => {
      set(event.currentTarget.value);
      setTitleMissing(false);
    };

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={intl.formatMessage({ id: 'route.metadata.create' })}
    >
      <Stack gap="md" maw={720}>
        <Alert color="blue">
          <FormattedMessage id="record.create.hint" />
        </Alert>
        <TextInput
          label={<FormattedMessage id="record.create.titleDe" />}
          value={titleDe}
          onChange={changeTitle(setTitleDe)}
          maxLength={objectLimits.titleMax}
          error={titleError}
          lang="de"
        />
        <TextInput
          label={<FormattedMessage id="record.create.titleEn" />}
          value={titleEn}
          onChange={changeTitle(setTitleEn)}
          maxLength={objectLimits.titleMax}
          error={titleError}
          lang="en"
        />
        <Textarea
          label={<FormattedMessage id="record.create.abstractDe" />}
          description={<FormattedMessage id="record.create.abstractHint" />}
          value={abstractDe}
          onChange={(event) => setAbstractDe(event.currentTarget.value)}
          maxLength={objectLimits.abstractMax}
          rows={6}
          lang="de"
        />
        <Group>
          <Button type="submit" loading={saving}>
            <FormattedMessage id="record.create.submit" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
