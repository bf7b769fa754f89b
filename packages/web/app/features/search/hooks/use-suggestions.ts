import type { Suggestion } from '@geoportal/contract/search';
import { searchLimits } from '@geoportal/contract/search-fields';
import { useEffect, useState } from 'react';
import { useAccess } from '../../../lib/auth/access';
import { getSuggestions } from '../api/suggest';

/** Pause after the last key before suggestions are asked for, in milliseconds. */
export const SUGGEST_DELAY_MS = 200;

/**
 * Suggestions for the text being typed, asked for once typing pauses; a request still under way
 * when the text changes is aborted. Failures leave the list empty: suggestions are a help,
 * not something to report.
 */
export function useSuggestions(text: string, enabled = true): Suggestion[] {
  const { client } = useAccess();
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const input = text.trim();
  const active = enabled && input.length >= searchLimits.suggestMin;

  useEffect(() => {
    if (!active) {
      // The same empty list: a new one would render the search box again right after
      // hydration, for nothing.
      setSuggestions((current) => (current.length === 0 ? current : []));
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getSuggestions(client, input, controller.signal).then(
        (found) => {
          if (!controller.signal.aborted) setSuggestions(found);
        },
        () => {
          if (!controller.signal.aborted) setSuggestions([]);
        },
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [client, input, active]);

  return suggestions;
}
