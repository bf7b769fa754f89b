import type { HarvesterTestResult, HarvestSource } from '@geoportal/contract/harvester';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { errorText, hasTranslation } from '../../../lib/http/error-text';
import { testHarvestSource } from '../api/harvesters-api';

export interface ConnectionTestProps {
  /** The source as the form has it now; undefined when its fields are not valid (marked). */
  source: () => HarvestSource | undefined;
}

type Outcome = HarvesterTestResult | { ok: 'error'; text: string };

/**
 * "Test connection": asks the server to reach the remote (GetCapabilities, Identify or the
 * landing page, through the address policy) and shows its title and record count, or what
 * went wrong and what to do about it. The answer is announced to screen readers.
 */
export function ConnectionTest({ source }: ConnectionTestProps) {
  const intl = useIntl();
  const { client } = useAccess();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const handleTest = async () => {
    const checked = source();
    setOutcome(null);
    if (!checked) return;
    setBusy(true);
    try {
      setOutcome(await testHarvestSource(client, checked));
    } catch (error) {
      setOutcome({ ok: 'error', text: errorText(error, intl.formatMessage, intl.messages) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" align="flex-start">
      <Button variant="default" onClick={() => void handleTest()} loading={busy}>
        <FormattedMessage id="harvesters.test" />
      </Button>
      <div aria-live="polite" style={{ alignSelf: 'stretch' }}>
        {outcome && <TestOutcome outcome={outcome} />}
      </div>
    </Stack>
  );
}

function TestOutcome({ outcome }: { outcome: Outcome }) {
  const intl = useIntl();
  if (outcome.ok === true) {
    return (
      <Alert
        color="green"
        title={<FormattedMessage id="harvesters.test.ok" />}
        // Green text on the light green ground stays below 4.5:1 in every shade.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        <Stack gap={4}>
          <Text size="sm" fw={500} data-testid="remote-title">
            {outcome.title}
          </Text>
          <Text size="sm">
            {outcome.records === null ? (
              <FormattedMessage id="harvesters.test.recordsUnknown" />
            ) : (
              <FormattedMessage
                id="harvesters.test.records"
                values={{ count: outcome.records, n: intl.formatNumber(outcome.records) }}
              />
            )}
          </Text>
        </Stack>
      </Alert>
    );
  }
  // What happened, in the user's language where the code is known, then what to do.
  let what: string;
  let advice = 'harvesters.test.advice';
  if (outcome.ok === 'error') what = outcome.text;
  else {
    const known = `harvesters.test.code.${outcome.code}`;
    if (hasTranslation(intl.messages, known)) {
      what = intl.formatMessage({ id: known });
      if (hasTranslation(intl.messages, `${known}.advice`)) advice = `${known}.advice`;
    } else if (hasTranslation(intl.messages, `error.${outcome.code}`)) {
      what = intl.formatMessage({ id: `error.${outcome.code}` });
    } else what = outcome.message;
  }
  return (
    <Alert color="red" title={<FormattedMessage id="harvesters.test.failed" />}>
      <Stack gap={4}>
        <Text size="sm">{what}</Text>
        <Text size="sm">
          <FormattedMessage id={advice} />
        </Text>
      </Stack>
    </Alert>
  );
}
