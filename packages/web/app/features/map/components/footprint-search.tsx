import { ActionIcon, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { SearchIcon } from './icons';

/** The search box that filters the footprints (the catalogue's query language). */
export function FootprintSearch({
  query,
  onSearch,
}: {
  query: string;
  onSearch: (query: string) => void;
}) {
  const intl = useIntl();
  const [text, setText] = useState(query);
  // Back/forward may bring another query.
  useEffect(() => setText(query), [query]);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet announced everywhere.
    <form
      onSubmit={handleSubmit}
      role="search"
      aria-label={intl.formatMessage({ id: 'map.search.region' })}
    >
      <TextInput
        size="xs"
        type="search"
        label={intl.formatMessage({ id: 'map.search.label' })}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        rightSection={
          <ActionIcon
            type="submit"
            variant="subtle"
            size="sm"
            aria-label={intl.formatMessage({ id: 'map.search.submit' })}
          >
            <SearchIcon />
          </ActionIcon>
        }
      />
    </form>
  );
}
