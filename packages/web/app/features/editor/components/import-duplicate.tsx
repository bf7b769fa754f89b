import type { ImportCheck } from '@geoportal/contract/record-import';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { pathTo } from '../../../route-paths';

/** What the user may do with a file whose identifier names an existing record. */
export type DuplicateChoice = 'update' | 'copy' | 'cancel';

interface ImportDuplicateProps {
  /** The file's name, as the user chose it. */
  fileName: string;
  check: ImportCheck;
  busy: boolean;
  onChoose: (choice: DuplicateChoice) => void;
}

/**
 * Asks what to do with a file that was imported before (issue 18.6): save it over the
 * existing record as a new version, when the user may; or import it as a copy with an
 * identifier of its own. A record the user may not see is not described at all.
 */
export function ImportDuplicate({ fileName, check, busy, onChoose }: ImportDuplicateProps) {
  const intl = useIntl();
  const existing = check.existing;
  const title = existing
    ? (existing.title[intl.locale as 'de' | 'en'] ?? existing.title.de ?? existing.title.en ?? '')
    : '';
  return (
    <Alert
      color="blue"
      title={<FormattedMessage id="editor.import.exists.title" values={{ name: fileName }} />}
      role="alert"
    >
      <Stack gap="xs">
        {existing ? (
          <Text size="sm">
            <FormattedMessage
              id="editor.import.exists.visible"
              values={{
                state: intl.formatMessage({ id: `state.${existing.state}` }),
                link: (
                  // The alert's text colour with an underline: the link colour on the alert's
                  // tinted ground falls short of contrast.
                  <Anchor
                    component={Link}
                    to={pathTo('metadata.record', { id: existing.id })}
                    c="inherit"
                    underline="always"
                    fw={600}
                  >
                    {title || existing.id}
                  </Anchor>
                ),
              }}
            />
          </Text>
        ) : (
          <Text size="sm">
            <FormattedMessage id="editor.import.exists.hidden" />
          </Text>
        )}
        {existing && !existing.writable && (
          <Text size="sm">
            <FormattedMessage id="editor.import.exists.readOnly" />
          </Text>
        )}
        <Group gap="sm">
          {existing?.writable && (
            <Button onClick={() => onChoose('update')} loading={busy}>
              <FormattedMessage id="editor.import.exists.update" />
            </Button>
          )}
          <Button variant="default" onClick={() => onChoose('copy')} disabled={busy}>
            <FormattedMessage id="editor.import.exists.copy" />
          </Button>
          <Button variant="subtle" onClick={() => onChoose('cancel')} disabled={busy}>
            <FormattedMessage id="editor.import.exists.cancel" />
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
