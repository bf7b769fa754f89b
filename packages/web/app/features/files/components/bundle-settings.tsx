import { type Bundle, fileLimits } from '@geoportal/contract/files';
import { Button, Group, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GrowingTextarea } from '../../../components/inputs/growing-textarea';
import { useAccess } from '../../../lib/auth/access';
import { errorText } from '../../../lib/http/error-text';
import { useToast } from '../../../lib/use-toast';
import { setBundleDescription } from '../api/set-bundle-description';
import { setBundleDisplay } from '../api/set-bundle-display';
import { setIndexFile } from '../api/set-index-file';

/** The select's value for "no index file"; never a stored path (paths are never empty). */
const NO_INDEX = '';

/**
 * A bundle's settings for those who may write the object: whether visitors see it, which
 * file is its index file (the one previews and the record's thumbnail show), and its
 * description. Each change is sent at once (the description with its own button) and the
 * bundles are read again afterwards; a failure shows the server's text as a toast.
 */
export function BundleSettings({
  id,
  bundle,
  onChanged,
}: {
  id: string;
  bundle: Bundle;
  onChanged: () => Promise<void>;
}) {
  const { client } = useAccess();
  const intl = useIntl();
  const toast = useToast();
  const displayHintId = useId();
  const [busy, setBusy] = useState<'display' | 'index' | 'description' | null>(null);
  const [description, setDescription] = useState(bundle.description);
  // What the user chose while the request and the reload are on their way.
  const [pendingDisplay, setPendingDisplay] = useState<boolean | null>(null);
  const [pendingIndex, setPendingIndex] = useState<string | null>(null);

  // A reload brings the stored text; it replaces what is shown unless the user has edited it.
  const stored = useRef(bundle.description);
  useEffect(() => {
    const previous = stored.current;
    stored.current = bundle.description;
    setDescription((current) => (current === previous ? bundle.description : current));
  }, [bundle.description]);

  const run = async (
    what: 'display' | 'index' | 'description',
    action: () => Promise<unknown>,
    success?: string,
  ) => {
    setBusy(what);
    try {
      await action();
      await onChanged();
      if (success) toast.success(success);
    } catch (error) {
      toast.error(errorText(error, intl.formatMessage, intl.messages));
    } finally {
      setBusy(null);
      setPendingDisplay(null);
      setPendingIndex(null);
    }
  };

  const indexFile = bundle.files.find((file) => file.index)?.path ?? NO_INDEX;
  const handleIndex = (value: string) => {
    if (value === indexFile) return;
    setPendingIndex(value);
    void run('index', () =>
      value === NO_INDEX
        ? setIndexFile(client, { id, bundle: bundle.name, path: indexFile }, false)
        : setIndexFile(client, { id, bundle: bundle.name, path: value }, true),
    );
  };

  const handleDisplay = (display: boolean) => {
    setPendingDisplay(display);
    void run('display', () => setBundleDisplay(client, id, bundle.name, display));
  };

  const trimmed = description.trim();
  const handleDescription = () =>
    run(
      'description',
      () => setBundleDescription(client, id, bundle.name, trimmed),
      intl.formatMessage({ id: 'files.bundle.descriptionSaved' }),
    );

  return (
    <Stack gap="sm">
      {/* The explanation sits outside the switch's label element, which would otherwise make
          it part of the switch's name; it is the switch's description instead. */}
      <Stack gap={4}>
        <Switch
          label={intl.formatMessage({ id: 'files.bundle.display' })}
          aria-describedby={displayHintId}
          checked={pendingDisplay ?? bundle.display}
          disabled={busy === 'display'}
          onChange={(event) => handleDisplay(event.currentTarget.checked)}
        />
        <Text id={displayHintId} size="sm" c="dimmed">
          <FormattedMessage id="files.bundle.displayHint" />
        </Text>
      </Stack>
      {bundle.files.length > 0 && (
        <NativeSelect
          label={intl.formatMessage({ id: 'files.bundle.index' })}
          description={intl.formatMessage({ id: 'files.bundle.indexHint' })}
          value={pendingIndex ?? indexFile}
          disabled={busy === 'index'}
          onChange={(event) => handleIndex(event.currentTarget.value)}
          data={[
            { value: NO_INDEX, label: intl.formatMessage({ id: 'files.bundle.noIndex' }) },
            ...bundle.files.map((file) => ({ value: file.path, label: file.path })),
          ]}
        />
      )}
      <GrowingTextarea
        label={intl.formatMessage({ id: 'files.bundle.description' })}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        maxLength={fileLimits.descriptionMax}
        minRows={2}
        maxRows={8}
      />
      <Group>
        <Button
          variant="default"
          onClick={() => void handleDescription()}
          loading={busy === 'description'}
          disabled={trimmed === bundle.description.trim()}
        >
          <FormattedMessage id="files.bundle.saveDescription" />
        </Button>
      </Group>
    </Stack>
  );
}
