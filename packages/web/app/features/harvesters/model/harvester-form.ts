import { ErrorCode } from '@geoportal/contract/errors';
import {
  type CollisionPolicy,
  type Harvester,
  HarvesterInput,
  type HarvestSource,
  type HarvestSourceType,
} from '@geoportal/contract/harvester';
import type { FieldMessage } from '../../../lib/http/field-errors';
import { HttpRequestError } from '../../../lib/http/http-error';
import { cronHint } from './cron-hint';

/** The form's fields: the source's parts sit beside the others. */
export type HarvesterField =
  | 'name'
  | 'type'
  | 'url'
  | 'constraint'
  | 'schedule'
  | 'owner'
  | 'group'
  | 'collision'
  | 'publish';

/** What the form holds: texts as typed, empty texts for "none". */
export interface HarvesterFormValues {
  name: string;
  type: HarvestSourceType;
  url: string;
  constraint: string;
  schedule: string;
  owner: string | null;
  group: string | null;
  collision: CollisionPolicy;
  publish: boolean;
}

export type HarvesterFormErrors = Partial<Record<HarvesterField, FieldMessage>>;

/** A new harvester: CSW, no schedule, collisions left alone, records kept as drafts. */
export const emptyHarvesterValues: HarvesterFormValues = {
  name: '',
  type: 'csw',
  url: '',
  constraint: '',
  schedule: '',
  owner: null,
  group: null,
  collision: 'skip',
  publish: false,
};

export function valuesOfHarvester(harvester: Harvester): HarvesterFormValues {
  return {
    name: harvester.name,
    type: harvester.source.type,
    url: harvester.source.url,
    constraint: harvester.source.constraint ?? '',
    schedule: harvester.schedule ?? '',
    owner: harvester.owner ?? null,
    group: harvester.group ?? null,
    collision: harvester.collision,
    publish: harvester.publish,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function sourceOf(values: HarvesterFormValues): HarvestSource {
  return { type: values.type, url: values.url.trim(), constraint: orNull(values.constraint) };
}

/** The body of `POST|PUT /harvesters`. */
export function inputOf(values: HarvesterFormValues): HarvesterInput {
  return {
    name: values.name.trim(),
    source: sourceOf(values),
    schedule: orNull(values.schedule),
    owner: values.owner,
    group: values.group,
    collision: values.collision,
    publish: values.publish,
  };
}

/** The form field of a path into the body: `source.url` is the field `url`. */
export function fieldOfPath(path: readonly PropertyKey[]): HarvesterField | undefined {
  const [first, second] = path.map(String);
  const field = first === 'source' ? second : first;
  const fields: readonly string[] = [
    'name',
    'type',
    'url',
    'constraint',
    'schedule',
    'owner',
    'group',
    'collision',
    'publish',
  ];
  return field && fields.includes(field) ? (field as HarvesterField) : undefined;
}

/** The message key of a field's rule: what the field needs, in the user's language. */
const ruleOf = (field: HarvesterField): FieldMessage => ({ id: `harvesters.invalid.${field}` });

/**
 * Checks the values with the contract's rules and the schedule with the server's cron
 * reader; answers one message per refused field (none when the values may be sent).
 */
export function validateHarvester(values: HarvesterFormValues): HarvesterFormErrors {
  const errors: HarvesterFormErrors = {};
  const parsed = HarvesterInput.safeParse(inputOf(values));
  for (const issue of parsed.error?.issues ?? []) {
    const field = fieldOfPath(issue.path);
    if (field) errors[field] ??= ruleOf(field);
  }
  if (!errors.schedule && cronHint(values.schedule, 'en').kind === 'invalid') {
    errors.schedule = ruleOf('schedule');
  }
  return errors;
}

/** Only the source's fields: what a connection test needs. */
export function validateSource(values: HarvesterFormValues): HarvesterFormErrors {
  const { type, url, constraint } = validateHarvester(values);
  return {
    ...(type ? { type } : {}),
    ...(url ? { url } : {}),
    ...(constraint ? { constraint } : {}),
  };
}

/**
 * The fields a refused save names (400 with `fields`): a refused address says why in its
 * own words, the others say what the field needs.
 */
export function answerFieldErrors(error: unknown): HarvesterFormErrors {
  const errors: HarvesterFormErrors = {};
  if (!(error instanceof HttpRequestError) || typeof error.body !== 'object') return errors;
  const { code, fields = [] } = error.body;
  if (code === ErrorCode.harvesterRefusedUrl) errors.url = { id: `error.${code}` };
  for (const { path } of fields) {
    const field = fieldOfPath(path.replace(/^body\./, '').split('.'));
    if (field) errors[field] ??= ruleOf(field);
  }
  return errors;
}
