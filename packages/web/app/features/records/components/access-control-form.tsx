import {
  AccessControl,
  type Grant,
  type GrantSubject,
  objectLimits,
  type Permission,
  permissions,
} from '@geoportal/contract/object';
import {
  Button,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

type SubjectKind = GrantSubject['kind'];
const subjectKinds: readonly SubjectKind[] = ['user', 'group', 'role', 'everyone'];

/** A grant as the form edits it: the name stays while the kind is `everyone`. */
interface GrantRow {
  key: number;
  permission: Permission;
  kind: SubjectKind;
  name: string;
}

let nextKey = 0;
const rowOf = (grant: Grant): GrantRow => ({
  key: nextKey++,
  permission: grant.permission,
  kind: grant.subject.kind,
  name: grant.subject.kind === 'everyone' ? '' : grant.subject.name,
});

/** The grants of the rows as the contract has them; undefined names are left to validation. */
export function grantsOf(rows: readonly GrantRow[]): Grant[] {
  return rows.map(({ permission, kind, name }) => ({
    permission,
    subject: kind === 'everyone' ? { kind } : { kind, name: name.trim() },
  }));
}

/**
 * Edits who may do what with the record beyond the defaults (owner, editors, administrators):
 * the `public` switch and a list of grants, each a permission for a user, group, role or
 * everyone. Saving replaces the whole list on the server.
 */
export function AccessControlForm({
  value,
  busy,
  onSave,
}: {
  value: AccessControl;
  busy: boolean;
  onSave: (next: AccessControl) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [isPublic, setPublic] = useState(value.public);
  const [rows, setRows] = useState<GrantRow[]>(() => value.grants.map(rowOf));
  const [missing, setMissing] = useState<ReadonlySet<number>>(new Set());

  const update = (key: number, change: Partial<GrantRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    setMissing((current) => new Set([...current].filter((k) => k !== key)));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const empty = rows.filter((row) => row.kind !== 'everyone' && !row.name.trim());
    if (empty.length > 0) return setMissing(new Set(empty.map((row) => row.key)));
    const parsed = AccessControl.safeParse({ public: isPublic, grants: grantsOf(rows) });
    if (parsed.success) onSave(parsed.data);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="grants-heading">
      <Stack gap="md">
        <Switch
          label={<FormattedMessage id="sharing.public" />}
          description={<FormattedMessage id="sharing.publicHint" />}
          checked={isPublic}
          onChange={(event) => setPublic(event.currentTarget.checked)}
        />
        {rows.length === 0 && (
          <Text>
            <FormattedMessage id="sharing.grants.empty" />
          </Text>
        )}
        {rows.map((row, index) => (
          <Fieldset key={row.key} legend={t('sharing.grants.legend', { number: index + 1 })}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NativeSelect
                label={t('sharing.grants.permission')}
                value={row.permission}
                onChange={(event) =>
                  update(row.key, { permission: event.currentTarget.value as Permission })
                }
                data={permissions.map((p) => ({ value: p, label: t(`sharing.permission.${p}`) }))}
              />
              <NativeSelect
                label={t('sharing.grants.subject')}
                value={row.kind}
                onChange={(event) =>
                  update(row.key, { kind: event.currentTarget.value as SubjectKind })
                }
                data={subjectKinds.map((k) => ({ value: k, label: t(`sharing.subject.${k}`) }))}
              />
              {row.kind !== 'everyone' && (
                <TextInput
                  label={t(`sharing.grants.name.${row.kind}`)}
                  value={row.name}
                  maxLength={64}
                  onChange={(event) => update(row.key, { name: event.currentTarget.value })}
                  error={missing.has(row.key) && t('sharing.grants.nameMissing')}
                />
              )}
            </SimpleGrid>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              mt="xs"
              onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
            >
              {t('sharing.grants.remove', { number: index + 1 })}
            </Button>
          </Fieldset>
        ))}
        <Group gap="sm">
          <Button
            variant="default"
            disabled={rows.length >= objectLimits.grantsMax}
            onClick={() =>
              setRows((current) => [
                ...current,
                { key: nextKey++, permission: 'read', kind: 'user', name: '' },
              ])
            }
          >
            {t('sharing.grants.add')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('sharing.grants.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
