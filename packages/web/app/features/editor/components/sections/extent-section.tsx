import { Group, NativeSelect, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { distanceUnits, type ResolutionKind } from '../../model/editor-values';
import { unitLabels } from '../../model/record-terms';
import { useEditor, useFieldProps, useRequired } from '../editor-context';
import { EditorSection } from '../editor-section';
import { ExtentField } from '../extent/extent-field';
import { issueString } from '../field-name';

/** Where: the bounding box, the reference system and the spatial resolution. */
export function ExtentSection() {
  const intl = useIntl();
  const { form, issues } = useEditor();
  const fieldProps = useFieldProps();
  const required = useRequired();
  const extentIssue = issues.extent;
  const { resolution, geometry } = form.values;
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
          value={form.values.extent ?? undefined}
          onChange={(value) => form.setFieldValue('extent', value ?? null)}
          error={extentIssue ? issueString(intl, 'extent', extentIssue) : undefined}
        />
        {geometry && (
          <Text size="sm" c="dimmed" mt="xs">
            <FormattedMessage id="editor.hint.geometryKept" values={{ type: geometry.type }} />
          </Text>
        )}
      </div>
      <TextInput
        {...fieldProps('referenceSystem')}
        label={<FormattedMessage id="editor.field.referenceSystem" />}
        description={<FormattedMessage id="editor.hint.referenceSystem" />}
        maxLength={30}
        autoComplete="off"
      />
      <Stack gap="xs">
        <Radio.Group
          label={<FormattedMessage id="editor.field.resolution" />}
          value={resolution.kind}
          onChange={(value) => form.setFieldValue('resolution.kind', value as ResolutionKind)}
        >
          <Group gap="md" mt={4}>
            <Radio value="none" label={<FormattedMessage id="editor.resolution.none" />} />
            <Radio value="scale" label={<FormattedMessage id="editor.resolution.scale" />} />
            <Radio value="distance" label={<FormattedMessage id="editor.resolution.distance" />} />
          </Group>
        </Radio.Group>
        {resolution.kind === 'scale' && (
          <NumberInput
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
        {resolution.kind === 'distance' && (
          <Group align="flex-start" gap="sm">
            <NumberInput
              {...fieldProps('resolution.value')}
              label={<FormattedMessage id="editor.field.distance" />}
              min={0}
              allowNegative={false}
              decimalSeparator={intl.locale === 'de' ? ',' : '.'}
              maw={200}
            />
            <NativeSelect
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
