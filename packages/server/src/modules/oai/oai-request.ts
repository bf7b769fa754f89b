import { inCalendarRange } from '@geoportal/contract/calendar';
import { OaiError } from './oai.errors.js';

/**
 * Reading an OAI-PMH request (OAI-PMH 2.0 §3.1, §4): the arguments of a GET query or a
 * POST form, checked against what each verb allows. A verb that is missing, unknown or
 * repeated is badVerb; an argument that is missing, unknown, repeated or malformed is
 * badArgument.
 */

export const verbs = [
  'Identify',
  'ListMetadataFormats',
  'ListSets',
  'GetRecord',
  'ListIdentifiers',
  'ListRecords',
] as const;
export type Verb = (typeof verbs)[number];

/** A `from` or `until` argument with the granularity it was given in. */
export interface DateBound {
  date: Date;
  granularity: 'day' | 'second';
}

/** Selective harvesting of a list verb's first request. */
export interface ListSelection {
  metadataPrefix: string;
  from?: DateBound;
  until?: DateBound;
  set?: string;
}

export type OaiRequest =
  | { verb: 'Identify' }
  | { verb: 'ListMetadataFormats'; identifier?: string }
  | { verb: 'ListSets'; resumptionToken?: string }
  | { verb: 'GetRecord'; identifier: string; metadataPrefix: string }
  | {
      verb: 'ListIdentifiers' | 'ListRecords';
      /** Either the first request's selection or the token of a later one. */
      list: { selection: ListSelection } | { resumptionToken: string };
    };

/** The arguments each verb allows besides `verb` (§4). */
const allowed: Record<Verb, readonly string[]> = {
  Identify: [],
  ListMetadataFormats: ['identifier'],
  ListSets: ['resumptionToken'],
  GetRecord: ['identifier', 'metadataPrefix'],
  ListIdentifiers: ['metadataPrefix', 'from', 'until', 'set', 'resumptionToken'],
  ListRecords: ['metadataPrefix', 'from', 'until', 'set', 'resumptionToken'],
};

/** The setSpec syntax of the OAI-PMH schema: colon-separated parts of unreserved characters. */
export const SET_SPEC = /^[A-Za-z0-9\-_.!~*'()]+(:[A-Za-z0-9\-_.!~*'()]+)*$/;

const quote = (value: string) => JSON.stringify(value.slice(0, 80));

/**
 * A `from`/`until` value: `YYYY-MM-DD` or `YYYY-MM-DDThh:mm:ssZ` (§3.3.1), a real date of the
 * years 1 to 9999.
 */
function dateBound(name: string, value: string): DateBound {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const second = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  // A date such as 2026-02-30 parses but does not come back the same.
  const real =
    (day || second) &&
    inCalendarRange(date) &&
    date.toISOString().slice(0, value.length - (second ? 1 : 0)) === value.replace(/Z$/, '');
  if (!real) {
    throw new OaiError(
      'badArgument',
      `The argument ${name} must be a date YYYY-MM-DD or a time YYYY-MM-DDThh:mm:ssZ in UTC of the years 1 to 9999, not ${quote(value)}.`,
    );
  }
  return { date, granularity: day ? 'day' : 'second' };
}

/**
 * The arguments of a request as name → value, each name once. `params` is the query string
 * of a GET request or the body of a POST form; `verb` is checked first, as harvesters
 * expect badVerb before anything else.
 */
export function readRequest(params: URLSearchParams): {
  request: OaiRequest;
  args: Record<string, string>;
} {
  const verbValues = params.getAll('verb');
  if (verbValues.length === 0) {
    throw new OaiError('badVerb', `The request names no verb. Use one of ${verbs.join(', ')}.`);
  }
  if (verbValues.length > 1) throw new OaiError('badVerb', 'The argument verb is repeated.');
  const verb = verbValues[0] as string;
  if (!(verbs as readonly string[]).includes(verb)) {
    throw new OaiError(
      'badVerb',
      `The verb ${quote(verb)} is not an OAI-PMH verb. Use one of ${verbs.join(', ')}.`,
    );
  }
  const args: Record<string, string> = {};
  for (const name of new Set(params.keys())) {
    if (name === 'verb') continue;
    const values = params.getAll(name);
    if (!allowed[verb as Verb].includes(name)) {
      throw new OaiError('badArgument', `The verb ${verb} takes no argument ${quote(name)}.`);
    }
    if (values.length > 1) throw new OaiError('badArgument', `The argument ${name} is repeated.`);
    args[name] = values[0] as string;
  }
  return { request: requestOf(verb as Verb, args), args };
}

function required(args: Record<string, string>, name: string, verb: Verb): string {
  const value = args[name];
  if (value === undefined || value === '') {
    throw new OaiError('badArgument', `The verb ${verb} needs the argument ${name}.`);
  }
  return value;
}

/** A metadataPrefix in the protocol's syntax; whether it is offered is the service's to say. */
function prefixOf(args: Record<string, string>, verb: Verb): string {
  const prefix = required(args, 'metadataPrefix', verb);
  if (!/^[A-Za-z0-9\-_.!~*'()]+$/.test(prefix)) {
    throw new OaiError(
      'badArgument',
      `The metadataPrefix ${quote(prefix)} is not a metadataPrefix.`,
    );
  }
  return prefix;
}

function requestOf(verb: Verb, args: Record<string, string>): OaiRequest {
  switch (verb) {
    case 'Identify':
      return { verb };
    case 'ListMetadataFormats':
      return args.identifier === undefined ? { verb } : { verb, identifier: args.identifier };
    case 'ListSets':
      return args.resumptionToken === undefined
        ? { verb }
        : { verb, resumptionToken: args.resumptionToken };
    case 'GetRecord':
      return {
        verb,
        identifier: required(args, 'identifier', verb),
        metadataPrefix: prefixOf(args, verb),
      };
    case 'ListIdentifiers':
    case 'ListRecords':
      return { verb, list: listOf(verb, args) };
  }
}

function listOf(
  verb: Verb,
  args: Record<string, string>,
): { selection: ListSelection } | { resumptionToken: string } {
  if (args.resumptionToken !== undefined) {
    // The token carries the whole request (§3.5): it is an exclusive argument.
    const others = Object.keys(args).filter((name) => name !== 'resumptionToken');
    if (others.length > 0) {
      throw new OaiError(
        'badArgument',
        `The argument resumptionToken is exclusive: send it without ${others.join(', ')}.`,
      );
    }
    return { resumptionToken: args.resumptionToken };
  }
  const metadataPrefix = prefixOf(args, verb);
  const from = args.from === undefined ? undefined : dateBound('from', args.from);
  const until = args.until === undefined ? undefined : dateBound('until', args.until);
  if (from && until && from.granularity !== until.granularity) {
    throw new OaiError(
      'badArgument',
      'The arguments from and until must have the same granularity.',
    );
  }
  if (from && until && from.date > until.date) {
    throw new OaiError('badArgument', 'The argument from lies after until.');
  }
  if (args.set !== undefined && !SET_SPEC.test(args.set)) {
    throw new OaiError('badArgument', `The set ${quote(args.set)} is not a setSpec.`);
  }
  return {
    selection: {
      metadataPrefix,
      ...(from ? { from } : {}),
      ...(until ? { until } : {}),
      ...(args.set !== undefined ? { set: args.set } : {}),
    },
  };
}
