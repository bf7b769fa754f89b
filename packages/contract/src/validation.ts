import type { z } from 'zod';

/** A validation problem as a translation key and its ICU values. */
export interface IssueText {
  key: string;
  values: Record<string, string | number>;
}

/**
 * The translation key of a schema issue (`validation.<kind>`), so the editor shows the same
 * rule the server enforces in the user's language. Custom rules carry `params.rule` and map
 * to `validation.rule.<rule>`; lengths and counts keep their limit as `{limit}`.
 */
export function issueText(issue: z.core.$ZodIssue): IssueText {
  switch (issue.code) {
    case 'custom': {
      const name = (issue.params as { rule?: string } | undefined)?.rule;
      return { key: name ? `validation.rule.${name}` : 'validation.invalid', values: {} };
    }
    case 'too_big':
      return {
        key: `validation.too_big.${sizeOrigin(issue.origin)}`,
        values: { limit: Number(issue.maximum) },
      };
    case 'too_small':
      return {
        key: `validation.too_small.${sizeOrigin(issue.origin)}`,
        values: { limit: Number(issue.minimum) },
      };
    case 'invalid_format':
      return { key: `validation.format.${formatName(issue.format)}`, values: {} };
    case 'invalid_type':
      // A missing value and a value of the wrong kind are both `invalid_type`.
      return {
        key: /received undefined/.test(issue.message)
          ? 'validation.required'
          : 'validation.invalid',
        values: {},
      };
    default:
      return { key: 'validation.invalid', values: {} };
  }
}

const sizeOrigin = (origin: string) =>
  origin === 'string' || origin === 'array' ? origin : 'number';

const knownFormats = new Set(['email', 'url', 'date', 'regex']);
const formatName = (format: string) => (knownFormats.has(format) ? format : 'regex');
