import type { Suggestion } from '@geoportal/contract/search';
import { searchLimits } from '@geoportal/contract/search-fields';
import { Autocomplete, Badge, Button, Group } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSuggestions } from '../hooks/use-suggestions';

export interface SearchBoxProps {
  /** The query of the results on screen; the box shows it again after back and forward. */
  query: string;
  /** Searches for the typed text (on submit only, never while typing). */
  onSearch: (query: string) => void;
  /** A suggested record title was chosen: open that record. */
  onRecord: (id: string) => void;
  /** A suggested keyword was chosen: filter by it (the keyword facet). */
  onKeyword: (keyword: string) => void;
  /** Why the query was refused, shown under the box. */
  error?: string;
  /**
   * Parameters the search keeps (filters, sort), as hidden fields: before the page's script
   * has loaded, the form still searches within them.
   */
  keep?: [name: string, value: string][];
}

/** Option values of the suggestions: unique, and they say what choosing one does. */
const optionValue = (suggestion: Suggestion) =>
  suggestion.kind === 'title' && suggestion.id
    ? `record:${suggestion.id}`
    : `keyword:${suggestion.text}`;

/**
 * The query box with suggestions while typing: record titles (choosing one opens the record)
 * and keywords (choosing one adds the keyword filter). Enter or the button searches for the
 * text as typed.
 */
export function SearchBox({
  query,
  onSearch,
  onRecord,
  onKeyword,
  error,
  keep = [],
}: SearchBoxProps) {
  const intl = useIntl();
  const [text, setText] = useState(query);
  const [typing, setTyping] = useState(false);
  // A new query from the address (back, forward, a link) replaces the text; the box stays
  // mounted, so the focus stays in it after a search.
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    setText(query);
    setTyping(false);
  }
  const suggestions = useSuggestions(text, typing);
  /** The box must not take the chosen option's label as new text: it was an action. */
  const chosen = useRef(false);

  const byValue = new Map(suggestions.map((suggestion) => [optionValue(suggestion), suggestion]));
  const data = [...byValue.entries()].map(([value, suggestion]) => ({
    value,
    label: suggestion.text,
  }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setTyping(false);
    onSearch(text.trim());
  }

  function handleOption(value: string) {
    const suggestion = byValue.get(value);
    if (!suggestion) return;
    chosen.current = true;
    setTyping(false);
    if (value.startsWith('record:') && suggestion.id) onRecord(suggestion.id);
    else onKeyword(suggestion.text);
  }

  return (
    <search>
      <form onSubmit={handleSubmit} aria-label={intl.formatMessage({ id: 'search.form' })}>
        {keep.map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <Autocomplete
          label={intl.formatMessage({ id: 'search.query.label' })}
          description={intl.formatMessage({ id: 'search.query.hint' })}
          placeholder={intl.formatMessage({ id: 'search.query.placeholder' })}
          name="q"
          maxLength={searchLimits.queryMax}
          value={text}
          onChange={(value) => {
            if (chosen.current) {
              chosen.current = false;
              setText(query);
              return;
            }
            setText(value);
            setTyping(true);
          }}
          data={data}
          // The server already matched (typo tolerant); the box must not filter again.
          filter={({ options }) => options}
          renderOption={({ option }) => {
            const suggestion = byValue.get(option.value);
            return (
              <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
                <span>{suggestion?.text}</span>
                <Badge size="sm" variant="light" tt="none" style={{ flex: 'none' }}>
                  <FormattedMessage
                    id={
                      suggestion?.kind === 'title'
                        ? 'search.suggest.record'
                        : 'search.suggest.keyword'
                    }
                  />
                </Badge>
              </Group>
            );
          }}
          onOptionSubmit={handleOption}
          error={error}
          autoComplete="off"
          spellCheck={false}
          // Mantine keeps a combobox's list mounted (hidden) from the start: in a portal, so
          // it mounted right after hydration, and floating-ui then positioned it with
          // flushSync, which rendered most of the page again in one task (about 300 ms at
          // Lighthouse's 4x slowdown). Mounted when the suggestions open, it costs nothing
          // before.
          comboboxProps={{ keepMounted: false }}
          // The button sits beside the input, the error under both.
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
              <Button type="submit">
                <FormattedMessage id="search.submit" />
              </Button>
            </Group>
          )}
        />
      </form>
    </search>
  );
}
