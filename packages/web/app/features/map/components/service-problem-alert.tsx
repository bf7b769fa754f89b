import { Alert, Anchor, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { capabilitiesUrl } from '../model/capabilities-url';
import { type ServiceProblem, serviceHost, serviceProblemMessage } from '../model/service-problem';

/**
 * Says plainly why a map service could not be used (unreachable, not allowed, not a WMS/WMTS)
 * and offers its capabilities URL to copy or open, so the visitor can check the service
 * elsewhere or hand the address to whoever runs it.
 */
export function ServiceProblemAlert({
  problem,
  kind,
  url,
}: {
  problem: ServiceProblem;
  kind: 'wms' | 'wmts';
  url: string;
}) {
  const intl = useIntl();
  const capabilities = capabilitiesUrl(kind, url);
  return (
    <Alert
      color="red"
      variant="light"
      p="xs"
      role="alert"
      title={intl.formatMessage({ id: 'map.layers.capabilitiesFailed' })}
      data-testid="service-problem"
    >
      <Stack gap={6}>
        <Text size="xs">
          {intl.formatMessage({ id: serviceProblemMessage[problem] }, { host: serviceHost(url) })}
        </Text>
        <Text size="xs" style={{ wordBreak: 'break-all' }}>
          {intl.formatMessage({ id: 'map.service.capabilitiesUrl' })}{' '}
          {/* The alert's own text colour: link blue on the red tint falls below 4.5:1. */}
          <Anchor
            href={capabilities}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            c="inherit"
            underline="always"
          >
            {capabilities}
          </Anchor>
        </Text>
        <Group gap="xs">
          <CopyButton value={capabilities}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="default" onClick={copy}>
                {intl.formatMessage({ id: copied ? 'map.service.copied' : 'map.service.copy' })}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
