import { MultiSelect, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useClassificationChoices } from '../hooks/use-classification-options';

interface PickerProps {
  /** The classification's id, e.g. `license`. */
  classification: string;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
}

/** The placeholder or failure text of a picker while its classification loads. */
function useStatusText(loading: boolean, failed: boolean): string | undefined {
  const intl = useIntl();
  if (failed) return intl.formatMessage({ id: 'editor.picker.failed' });
  if (loading) return intl.formatMessage({ id: 'editor.picker.loading' });
  return undefined;
}

/**
 * One entry of a classification (licence, contact role, protocol, resource type), searched
 * as you type over labels, codes and descriptions.
 */
export function ClassificationSelect({
  classification,
  value,
  onChange,
  clearable = true,
  ...props
}: PickerProps & {
  value: string;
  onChange: (value: string) => void;
  clearable?: boolean;
}) {
  const intl = useIntl();
  const { data, filter, loading, failed } = useClassificationChoices(classification, [value]);
  const status = useStatusText(loading, failed);
  return (
    <Select
      {...props}
      data={data}
      filter={filter}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      searchable
      clearable={clearable}
      clearButtonProps={{ 'aria-label': intl.formatMessage({ id: 'editor.picker.clear' }) }}
      nothingFoundMessage={intl.formatMessage({ id: 'editor.picker.nothingFound' })}
      placeholder={status ?? intl.formatMessage({ id: 'editor.picker.search' })}
    />
  );
}

/** Several entries of a classification (topic categories, INSPIRE themes), searched as you type. */
export function ClassificationMultiSelect({
  classification,
  value,
  onChange,
  maxValues,
  ...props
}: PickerProps & {
  value: string[];
  onChange: (value: string[]) => void;
  maxValues?: number;
}) {
  const intl = useIntl();
  const { data, filter, loading, failed } = useClassificationChoices(classification, value);
  const status = useStatusText(loading, failed);
  return (
    <MultiSelect
      {...props}
      data={data}
      filter={filter}
      value={value}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      maxValues={maxValues}
      clearButtonProps={{ 'aria-label': intl.formatMessage({ id: 'editor.picker.clearAll' }) }}
      nothingFoundMessage={intl.formatMessage({ id: 'editor.picker.nothingFound' })}
      placeholder={status ?? intl.formatMessage({ id: 'editor.picker.search' })}
    />
  );
}
