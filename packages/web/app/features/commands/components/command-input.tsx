import { Box, Group, Text, TextInput, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type Completable, type Suggestion, suggest } from '../model/completion';

type WordSuggestion = Extract<Suggestion, { type: 'word' }>;

/**
 * The command line: an ARIA combobox whose list offers the words that may come next (from the
 * catalogue, read by the server's own parser) and whose hints name the arguments to type.
 * Keys: Enter runs, Shift+Enter queues, Tab takes the highlighted word (the first unless
 * another is chosen), ↑/↓ walk the history on an empty or recalled line and the suggestions
 * otherwise, Esc closes the list.
 */
export function CommandInput({
  commands,
  value,
  onChange,
  onRun,
  onQueue,
  history,
}: {
  commands: readonly Completable[];
  value: string;
  onChange: (value: string) => void;
  onRun: (line: string) => void;
  onQueue: (line: string) => void;
  history: readonly string[];
}) {
  const intl = useIntl();
  const listId = useId();
  const hintId = useId();
  const keysId = useId();
  const [active, setActive] = useState(0);
  const [closed, setClosed] = useState(false);
  // Where in the history the line came from (counted from the newest), or null.
  const [recalled, setRecalled] = useState<number | null>(null);

  const suggestions = useMemo(() => suggest(commands, value), [commands, value]);
  const words = suggestions.filter((s): s is WordSuggestion => s.type === 'word');
  const hints = suggestions.filter((s) => s.type === 'argument');
  const open = !closed && words.length > 0;
  const current = open ? Math.min(active, words.length - 1) : -1;
  const optionId = (i: number) => `${listId}-${i}`;

  const change = (next: string) => {
    onChange(next);
    setActive(0);
    setClosed(false);
    setRecalled(null);
  };
  const take = (word: WordSuggestion) => change(word.line);
  const recall = (step: 1 | -1) => {
    if (history.length === 0) return;
    const next = recalled === null ? (step === 1 ? 0 : null) : recalled + step;
    if (next === null || next < 0) {
      setRecalled(null);
      onChange('');
      return;
    }
    const index = Math.min(next, history.length - 1);
    setRecalled(index);
    onChange(history[history.length - 1 - index] as string);
    setClosed(true);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const walksHistory = value.trim() === '' || recalled !== null;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!value.trim()) return;
      (event.shiftKey ? onQueue : onRun)(value.trim());
      setRecalled(null);
    } else if (event.key === 'Tab' && open && !event.shiftKey) {
      // Without suggestions Tab leaves the field as usual: the console never traps the focus.
      event.preventDefault();
      take(words[current] as WordSuggestion);
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const step = event.key === 'ArrowUp' ? 1 : -1;
      if (walksHistory) recall(step);
      else if (open) setActive((current - step + words.length) % words.length);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setClosed(true);
    }
  };

  return (
    <Box>
      <TextInput
        label={intl.formatMessage({ id: 'commands.input.label' })}
        placeholder={intl.formatMessage({ id: 'commands.input.placeholder' })}
        value={value}
        onChange={(event) => change(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        aria-describedby={`${hintId} ${keysId}`}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Text id={keysId} size="xs" c="dimmed" mt={4}>
        <FormattedMessage id="commands.input.keys" />
      </Text>
      <Group
        component="ul"
        role="listbox"
        id={listId}
        aria-label={intl.formatMessage({ id: 'commands.suggestions.label' })}
        gap={6}
        mt={open ? 6 : 0}
        wrap="wrap"
        style={{
          listStyle: 'none',
          padding: 0,
          marginBottom: 0,
          display: open ? undefined : 'none',
        }}
      >
        {words.map((word, i) => (
          <UnstyledButton
            component="li"
            key={word.text}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            // Keeps the focus in the field: the line stays the place to type.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => take(word)}
            px={8}
            py={2}
            style={{
              fontFamily: 'var(--mantine-font-family-monospace)',
              borderRadius: 'var(--mantine-radius-sm)',
              border: '1px solid var(--mantine-color-default-border)',
              background: i === current ? 'var(--mantine-primary-color-light)' : undefined,
            }}
          >
            {word.text}
          </UnstyledButton>
        ))}
      </Group>
      <Box id={hintId} aria-live="polite" mt={hints.length ? 6 : 0}>
        {hints.map((hint) =>
          hint.type === 'argument' ? (
            <Text key={`${hint.command}-${hint.argument.name}`} size="sm">
              <FormattedMessage
                id="commands.argument.hint"
                values={{
                  name: <code>{`{${hint.argument.name}}`}</code>,
                  hint: hint.argument.hint,
                }}
              />
            </Text>
          ) : null,
        )}
      </Box>
    </Box>
  );
}
