import { isMapService } from '@geoportal/contract/map-services';
import { recordLimits } from '@geoportal/contract/record-rules';
import { SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { GrowingTextarea } from '../../../../components/inputs/growing-textarea';
import { emptyFormat, emptyOnlineResource } from '../../model/editor-values';
import { ClassificationSelect } from '../classification-select';
import { useEditor, useEditorValue, useFieldProps, useIssue } from '../editor-context';
import { EditorSection } from '../editor-section';
import { RepeatableList } from '../repeatable-list';

function FormatFields({ index }: { index: number }) {
  const { form } = useEditor();
  const fieldProps = useFieldProps();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        key={form.key(`formats.${index}.name`)}
        {...fieldProps(`formats.${index}.name`)}
        label={<FormattedMessage id="editor.field.formatName" />}
        description={<FormattedMessage id="editor.hint.formatName" />}
        maxLength={recordLimits.nameMax}
        required
      />
      <TextInput
        key={form.key(`formats.${index}.version`)}
        {...fieldProps(`formats.${index}.version`)}
        label={<FormattedMessage id="editor.field.formatVersion" />}
        maxLength={50}
      />
    </SimpleGrid>
  );
}

function OnlineResourceFields({ index }: { index: number }) {
  const { form } = useEditor();
  const fieldProps = useFieldProps();
  const path = (name: string) => `onlineResources.${index}.${name}`;
  const protocolIssue = useIssue(path('protocol'));
  const protocol = useEditorValue((values) => values.onlineResources[index]?.protocol ?? '');
  // The layer comes from the service's capabilities once the map's proxy exists; until
  // then it is typed by hand, and the hint says so for map services.
  const layerHint = isMapService({ protocol }) ? 'editor.hint.layerManual' : 'editor.hint.layer';
  return (
    <>
      <TextInput
        key={form.key(path('url'))}
        {...fieldProps(path('url'))}
        type="url"
        label={<FormattedMessage id="editor.field.url" />}
        description={<FormattedMessage id="editor.hint.url" />}
        maxLength={recordLimits.urlMax}
        required
      />
      <ClassificationSelect
        classification="protocol"
        label={<FormattedMessage id="editor.field.protocol" />}
        value={protocol}
        onChange={(value) =>
          form.setFieldValue(`onlineResources.${index}.protocol`, value, { forceUpdate: false })
        }
        error={protocolIssue}
        required
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          key={form.key(path('name'))}
          {...fieldProps(path('name'))}
          label={<FormattedMessage id="editor.field.resourceName" />}
          maxLength={recordLimits.nameMax}
        />
        <TextInput
          key={form.key(path('layer'))}
          {...fieldProps(path('layer'))}
          label={<FormattedMessage id="editor.field.layer" />}
          description={
            layerHint === 'editor.hint.layerManual' ? (
              <FormattedMessage id="editor.hint.layerManual" />
            ) : (
              <FormattedMessage id="editor.hint.layer" />
            )
          }
          maxLength={recordLimits.layerNameMax}
        />
      </SimpleGrid>
      <GrowingTextarea
        key={form.key(path('description'))}
        {...fieldProps(path('description'))}
        label={<FormattedMessage id="editor.field.resourceDescription" />}
        maxLength={recordLimits.descriptionMax}
        minRows={2}
        maxRows={8}
      />
    </>
  );
}

/** How to get the data: formats and online resources (downloads, services, documentation). */
export function DistributionSection() {
  return (
    <EditorSection id="distribution">
      <Stack gap="xs">
        <Title order={3} size="h5">
          <FormattedMessage id="editor.field.formats" />
        </Title>
        <RepeatableList
          list="formats"
          create={emptyFormat}
          max={recordLimits.formatsMax}
          addLabel={<FormattedMessage id="editor.formats.add" />}
          emptyText={<FormattedMessage id="editor.formats.empty" />}
        >
          {(index) => <FormatFields index={index} />}
        </RepeatableList>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          <FormattedMessage id="editor.field.onlineResources" />
        </Title>
        <RepeatableList
          list="onlineResources"
          create={emptyOnlineResource}
          max={recordLimits.onlineResourcesMax}
          addLabel={<FormattedMessage id="editor.onlineResources.add" />}
          emptyText={<FormattedMessage id="editor.onlineResources.empty" />}
        >
          {(index) => <OnlineResourceFields index={index} />}
        </RepeatableList>
      </Stack>
    </EditorSection>
  );
}
