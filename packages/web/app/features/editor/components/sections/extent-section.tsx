import type { BoundingBox } from '@geoportal/contract/record';
import { Group, NativeSelect, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { distanceUnits, type ResolutionKind } from '../../model/editor-values';
import { unitLabels } from '../../model/record-terms';
import {
  useEditor,
  useEditorValue,
  useFieldProps,
  useRequired,
  useStoreSelector,
} from '../editor-context';
import { EditorSection } from '../editor-section';
import { ExtentField } from '../extent/extent-field';
import { issueString } from '../field-name';

const sameBox = (a: BoundingBox | undefined, b: BoundingBox | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.west === b.west &&
    a.south === b.south &&
    a.east === b.east &&
    a.north === b.north);

/** Where: the bounding box, the reference system and the spatial resolution. */
export function ExtentSection() {
  const intl = useIntl();
  const { form, store } = useEditor();
  const fieldProps = useFieldProps();
  const required = useRequired();
  const extentIssue = useStoreSelector(store, (current) => current.getCheck().issues.extent);
  // The form copies its values on every change; an equal box counts as the same.
  const extent = useEditorValue((values) => values.extent ?? undefined, sameBox);
  const geometryType = useEditorValue((values) => values.geometry?.type);
  const resolutionKind = useEditorValue((values) => values.resolution.kind);
  return (
    <EditorSection id="extent">
      <div>
        <Text fw={500} size="sm">
          <FormattedMessage id="editor.field.extent" />
          {required('extent') && (
            <Text span c="red" aria-hidden="true">
              {' *'}
            </Text>
          )}
        </Text>
        <ExtentField
          value={extent}
          onChange={(value) => form.setFieldValue('extent', value ?? null, { forceUpdate: false })}
          error={extentIssue ? issueString(intl, 'extent', extentIssue) : undefined}
        />
        {geometryType && (
          <Text size="sm" c="dimmed" mt="xs">
            <FormattedMessage id="editor.hint.geometryKept" values={{ type: geometryType }} />
          </Text>
        )}
      </div>
      <TextInput
        key={form.key('referenceSystem')}
        {...fieldProps('referenceSystem')}
        label={<FormattedMessage id="editor.field.referenceSystem" />}
        description={<FormattedMessage id="editor.hint.referenceSystem" />}
        maxLength={30}
        autoComplete="off"
      />
      <Stack gap="xs">
        <Radio.Group
          label={<FormattedMessage id="editor.field.resolution" />}
          value={resolutionKind}
          onChange={(value) =>
            form.setFieldValue('resolution.kind', value as ResolutionKind, { forceUpdate: false })
          }
        >
          <Group gap="md" mt={4}>
            <Radio value="none" label={<FormattedMessage id="editor.resolution.none" />} />
            <Radio value="scale" label={<FormattedMessage id="editor.resolution.scale" />} />
            <Radio value="distance" label={<FormattedMessage id="editor.resolution.distance" />} />
          </Group>
        </Radio.Group>
        {resolutionKind === 'scale' && (
          <NumberInput
            key={form.key('resolution.denominator')}
            {...fieldProps('resolution.denominator')}
            label={<FormattedMessage id="editor.field.scale" />}
            description={<FormattedMessage id="editor.hint.scale" />}
            leftSection={<Text size="sm">1:</Text>}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={intl.locale === 'de' ? '.' : ','}
            decimalSeparator={intl.locale === 'de' ? ',' : '.'}
            maw={280}
          />
        )}
        {resolutionKind === 'distance' && (
          <Group align="flex-start" gap="sm">
            <NumberInput
              key={form.key('resolution.value')}
              {...fieldProps('resolution.value')}
              label={<FormattedMessage id="editor.field.distance" />}
              min={0}
              allowNegative={false}
              decimalSeparator={intl.locale === 'de' ? ',' : '.'}
              maw={200}
            />
            <NativeSelect
              key={form.key('resolution.unit')}
              {...fieldProps('resolution.unit')}
              label={<FormattedMessage id="editor.field.unit" />}
              data={distanceUnits.map((unit) => ({
                value: unit,
                label: intl.formatMessage(unitLabels[unit]),
              }))}
              maw={160}
            />
          </Group>
        )}
      </Stack>
    </EditorSection>
  );
}
