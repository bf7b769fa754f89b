import { NativeSelect } from '@mantine/core';
import { useIntl } from 'react-intl';

/** The sorts the page offers; `''` is the server's default (relevance, else newest change). */
export const sortOptions = [
  { value: '', key: 'search.sort.relevance' },
  { value: 'modified desc', key: 'search.sort.modifiedDesc' },
  { value: 'date desc', key: 'search.sort.dateDesc' },
  { value: 'date asc', key: 'search.sort.dateAsc' },
  { value: 'title asc', key: 'search.sort.titleAsc' },
  { value: 'title desc', key: 'search.sort.titleDesc' },
] as const;

/** The sort choice; an unknown sort from the address shows as it is. */
export function SortSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (sort: string) => void;
}) {
  const intl = useIntl();
  const known = sortOptions.some((option) => option.value === value);
  const data: { value: string; label: string }[] = sortOptions.map((option) => ({
    value: option.value,
    label: intl.formatMessage({ id: option.key }),
  }));
  if (!known) data.push({ value, label: value });
  return (
    <NativeSelect
      size="sm"
      label={intl.formatMessage({ id: 'search.sort.label' })}
      value={value}
      data={data}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
