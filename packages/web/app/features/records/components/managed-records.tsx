import type { ObjectState } from '@geoportal/contract/object';
import { objectStates } from '@geoportal/contract/object-rules';
import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { RecordList } from './record-list';

/** How long the owner field waits for more typing before the list asks again, in ms. */
const OWNER_TYPING_PAUSE_MS = 400;

const stateOf = (value: string | null): ObjectState | undefined =>
  objectStates.find((state) => state === value);

/**
 * Every record an editor or administrator manages (issue 18.8): all records, whoever owns
 * them, filtered by state and by the owner's user name. The filters are part of the address
 * (`?state=…&owner=…`), so a filtered list survives a reload and can be shared.
 */
export function ManagedRecords() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const state = stateOf(params.get('state'));
  const [owner, setOwner] = useState(params.get('owner') ?? '');
  const [settledOwner] = useDebouncedValue(owner.trim(), OWNER_TYPING_PAUSE_MS);

  /** Sets or (empty) removes one filter of the address, keeping the tab and the other one. */
  const setFilter = useCallback(
    (name: 'state' | 'owner', value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => setFilter('owner', settledOwner), [settledOwner, setFilter]);

  const ownerName = params.get('owner') ?? undefined;
  return (
    <>
      <Group mb="md" align="flex-end" gap="sm">
        <Select
          label={intl.formatMessage({ id: 'mine.filter.state' })}
          data={[
            { value: '', label: intl.formatMessage({ id: 'mine.filter.anyState' }) },
            ...objectStates.map((value) => ({
              value,
              label: intl.formatMessage({ id: `state.${value}` }),
            })),
          ]}
          value={state ?? ''}
          onChange={(value) => setFilter('state', value || null)}
          allowDeselect={false}
          w={200}
        />
        <TextInput
          label={intl.formatMessage({ id: 'mine.filter.owner' })}
          description={intl.formatMessage({ id: 'mine.filter.ownerHint' })}
          value={owner}
          onChange={(event) => setOwner(event.currentTarget.value)}
          autoComplete="off"
          w={240}
        />
      </Group>
      <RecordList
        query={{
          ...(state ? { state } : {}),
          ...(ownerName ? { ownerName } : {}),
        }}
        emptyKey={state || ownerName ? 'mine.empty.filtered' : 'mine.empty.all'}
        showOwner
        canDelete={() => true}
      />
    </>
  );
}
