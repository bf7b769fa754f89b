import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import {
  type ClassificationOption,
  classificationOptions,
  filterOptions,
} from '../../../lib/classifications/classification-options';
import { useClassification } from '../../../lib/classifications/use-classification';

/** A classification as options of a Mantine select, with search over labels, codes, descriptions. */
export interface ClassificationChoices {
  /** Select items: the label in the page language, deeper entries with their parents. */
  data: ComboboxItem[];
  /** Finds entries by every typed word in label, code, description or parent labels. */
  filter: OptionsFilter;
  options: ClassificationOption[];
  loading: boolean;
  failed: boolean;
}

/**
 * The entries of a classification for a picker. Codes the record holds but the
 * classification does not (or no longer) know stay selectable under their code, so opening
 * a record never silently drops a value.
 */
export function useClassificationChoices(
  id: string,
  held: readonly string[],
): ClassificationChoices {
  const { locale } = useIntl();
  const { classification, error } = useClassification(id);
  const options = useMemo(
    () => (classification ? classificationOptions(classification, locale) : []),
    [classification, locale],
  );
  const heldKey = held.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `heldKey` stands for `held`
  const data = useMemo(() => {
    const items: ComboboxItem[] = options.map((option) => ({
      value: option.value,
      label: [...option.parents, option.label].join(' › '),
    }));
    const known = new Set(items.map((item) => item.value));
    for (const code of held) if (code && !known.has(code)) items.push({ value: code, label: code });
    return items;
  }, [options, heldKey]);
  const filter: OptionsFilter = useMemo(
    () =>
      ({ options: items, search }) => {
        const found = new Set(filterOptions(options, search).map((option) => option.value));
        const query = search.trim().toLocaleLowerCase();
        return items.filter(
          (item: ComboboxParsedItem) =>
            !('value' in item) ||
            found.has(item.value) ||
            item.label.toLocaleLowerCase().includes(query),
        );
      },
    [options],
  );
  return { data, filter, options, loading: !classification && !error, failed: Boolean(error) };
}
