import type { AccessKey } from '@geoportal/contract/object';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { DateTime } from './date-time';
import classes from './records.module.css';

/** Whether a key opens the record now: not revoked and not past its expiry. */
export function keyStatus(key: AccessKey, now = Date.now()): 'active' | 'revoked' | 'expired' {
  if (!key.active) return 'revoked';
  if (key.expires && Date.parse(key.expires) <= now) return 'expired';
  return 'active';
}

/**
 * The record's access keys, one card each (a table would not fit a phone): type, comment,
 * creation, expiry, status and last use; active keys with a button to revoke them.
 */
export function AccessKeyList({
  keys,
  onRevoke,
}: {
  keys: readonly AccessKey[];
  onRevoke: (key: AccessKey) => void;
}) {
  const intl = useIntl();
  if (keys.length === 0) {
    return (
      <Text>
        <FormattedMessage id="sharing.keys.empty" />
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {keys.map((key) => {
        const status = keyStatus(key);
        const name = key.comment || intl.formatMessage({ id: `sharing.keyType.${key.type}` });
        return (
          <Paper component="li" key={key.id} withBorder p="sm">
            <Group justify="space-between" align="flex-start" gap="xs">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} className={classes.wrap}>
                    {name}
                  </Text>
                  <Badge variant="outline" color="gray" tt="none">
                    <FormattedMessage id={`sharing.keyType.${key.type}`} />
                  </Badge>
                </Group>
                <dl className={classes.facts}>
                  <div>
                    <dt>
                      <FormattedMessage id="sharing.keys.status" />
                    </dt>
                    <dd>
                      <FormattedMessage id={`sharing.keys.status.${status}`} />
                    </dd>
                  </div>
                  <div>
                    <dt>
                      <FormattedMessage id="sharing.keys.created" />
                    </dt>
                    <dd>
                      <FormattedMessage
                        id="sharing.keys.createdBy"
                        values={{ date: <DateTime value={key.created} />, name: key.creator }}
                      />
                    </dd>
                  </div>
                  <div>
                    <dt>
                      <FormattedMessage id="sharing.keys.expires" />
                    </dt>
                    <dd>
                      {key.expires ? (
                        <DateTime value={key.expires} />
                      ) : (
                        <FormattedMessage id="sharing.keys.noExpiry" />
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>
                      <FormattedMessage id="sharing.keys.lastUsed" />
                    </dt>
                    <dd>
                      {key.lastUsed ? (
                        <DateTime value={key.lastUsed} />
                      ) : (
                        <FormattedMessage id="sharing.keys.neverUsed" />
                      )}
                    </dd>
                  </div>
                </dl>
              </Stack>
              {key.active && (
                <Button
                  variant="default"
                  color="red"
                  size="xs"
                  onClick={() => onRevoke(key)}
                  aria-label={intl.formatMessage({ id: 'sharing.keys.revokeNamed' }, { name })}
                >
                  <FormattedMessage id="sharing.keys.revoke" />
                </Button>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
