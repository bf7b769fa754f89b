import {
  type CollisionPolicy,
  collisionPolicies,
  type Harvester,
  harvestSourceTypes,
} from '@geoportal/contract/harvester';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Radio,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { useAdminAction } from '../../../lib/hooks/use-admin-action';
import { useLoaded } from '../../../lib/hooks/use-loaded';
import { createHarvester, listOwnerChoices, updateHarvester } from '../api/harvesters-api';
import {
  answerFieldErrors,
  emptyHarvesterValues,
  type HarvesterField,
  type HarvesterFormErrors,
  type HarvesterFormValues,
  inputOf,
  sourceOf,
  validateHarvester,
  validateSource,
  valuesOfHarvester,
} from '../model/harvester-form';
import { collisionKey } from '../model/run-format';
import { ConnectionTest } from './connection-test';
import { ScheduleHint } from './schedule-hint';

export interface HarvesterFormProps {
  /** The harvester to edit; none creates a new one. */
  harvester?: Harvester | undefined;
  /** Called with the harvester as saved. */
  onSaved: (harvester: Harvester) => void;
}

type TextField = 'name' | 'url' | 'constraint' | 'schedule';

/**
 * Creates or edits a harvester: its name, the source (type, address, filter) with a
 * connection test, the schedule with its reading in words, and what happens to the records
 * (owner, group, collisions, publishing). Checks with the contract's rules before sending and
 * puts the focus on the first refused field; the server's refusals mark their fields too.
 */
export function HarvesterForm({ harvester, onSaved }: HarvesterFormProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { client } = useAccess();
  const action = useAdminAction();
  const [values, setValues] = useState<HarvesterFormValues>(() =>
    harvester ? valuesOfHarvester(harvester) : emptyHarvesterValues,
  );
  const [errors, setErrors] = useState<HarvesterFormErrors>({});
  const form = useRef<HTMLFormElement>(null);
  const choices = useLoaded(
    useCallback((signal: AbortSignal) => listOwnerChoices(client, signal), [client]),
  );

  const set = <F extends keyof HarvesterFormValues>(field: F, value: HarvesterFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const show = (next: HarvesterFormErrors) => {
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  };

  const errorOf = (field: HarvesterField) =>
    errors[field] && <FormattedMessage {...errors[field]} />;

  const text = (field: TextField) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      set(field, event.currentTarget.value),
    error: errorOf(field),
    'data-field': field,
    autoComplete: 'off',
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = validateHarvester(values);
    if (Object.keys(refused).length > 0) return show(refused);
    const input = inputOf(values);
    let failed: unknown;
    const saved = await action.run(
      () =>
        (harvester ? updateHarvester(client, harvester.id, input) : createHarvester(client, input))
          // Kept to mark the fields the server names.
          .catch((error: unknown) => {
            failed = error;
            throw error;
          }),
      harvester ? 'harvesters.saved' : 'harvesters.created',
      { name: input.name },
    );
    if (saved) onSaved(saved);
    else show(answerFieldErrors(failed));
  };

  const testedSource = () => {
    const refused = validateSource(values);
    if (Object.keys(refused).length > 0) {
      show(refused);
      return undefined;
    }
    return sourceOf(values);
  };

  const typeOptions = harvestSourceTypes.map((type) => ({
    value: type,
    label: t(`harvesters.type.${type}`),
  }));
  const userOptions = choices.data?.users ?? (values.owner ? [values.owner] : []);
  const groupOptions = choices.data?.groups ?? (values.group ? [values.group] : []);

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={t(harvester ? 'harvesters.edit.title' : 'harvesters.create.title')}
    >
      <Stack gap="lg">
        <TextInput
          {...text('name')}
          label={t('harvesters.field.name')}
          description={t('harvesters.field.nameHint')}
          required
        />

        <Fieldset legend={t('harvesters.form.source')}>
          <Stack gap="sm">
            <Select
              label={t('harvesters.field.type')}
              data={typeOptions}
              value={values.type}
              allowDeselect={false}
              onChange={(value) => value && set('type', value as HarvesterFormValues['type'])}
              error={errorOf('type')}
              data-field="type"
            />
            <TextInput
              {...text('url')}
              type="url"
              inputMode="url"
              label={t('harvesters.field.url')}
              description={t(`harvesters.field.urlHint.${values.type}`)}
              required
            />
            <TextInput
              {...text('constraint')}
              label={t('harvesters.field.constraint')}
              description={t(`harvesters.field.constraintHint.${values.type}`)}
            />
            <ConnectionTest source={testedSource} />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('harvesters.form.schedule')}>
          <TextInput
            {...text('schedule')}
            label={t('harvesters.field.schedule')}
            description={t('harvesters.field.scheduleHint')}
            placeholder="0 3 * * *"
            spellCheck={false}
          />
          <ScheduleHint expression={values.schedule} />
        </Fieldset>

        <Fieldset legend={t('harvesters.form.records')}>
          <Stack gap="md">
            <Select
              label={t('harvesters.field.owner')}
              description={t('harvesters.field.ownerHint')}
              data={userOptions}
              value={values.owner}
              onChange={(value) => set('owner', value)}
              searchable
              clearable
              nothingFoundMessage={t('harvesters.field.noChoice')}
              error={errorOf('owner')}
              data-field="owner"
            />
            <Select
              label={t('harvesters.field.group')}
              description={t('harvesters.field.groupHint')}
              data={groupOptions}
              value={values.group}
              onChange={(value) => set('group', value)}
              searchable
              clearable
              nothingFoundMessage={t('harvesters.field.noChoice')}
              error={errorOf('group')}
              data-field="group"
            />
            <Radio.Group
              label={t('harvesters.field.collision')}
              description={t('harvesters.field.collisionHint')}
              value={values.collision}
              onChange={(value) => set('collision', value as CollisionPolicy)}
              error={errorOf('collision')}
            >
              <Stack gap="xs" mt="xs">
                {collisionPolicies.map((policy) => (
                  <Radio
                    key={policy}
                    value={policy}
                    label={t(`harvesters.collision.${collisionKey[policy]}`)}
                    description={t(`harvesters.collision.${collisionKey[policy]}.hint`)}
                    data-field={policy === values.collision ? 'collision' : undefined}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Checkbox
              checked={values.publish}
              onChange={(event) => set('publish', event.currentTarget.checked)}
              label={t('harvesters.field.publish')}
              description={t('harvesters.field.publishHint')}
            />
          </Stack>
        </Fieldset>

        {action.failure && (
          <Alert color="red" role="alert">
            {action.failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={action.busy}>
            <FormattedMessage
              id={harvester ? 'harvesters.edit.submit' : 'harvesters.create.submit'}
            />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
