/**
 * OAI-PMH error conditions (OAI-PMH 2.0 §3.6). The interface answers each as an `<error>`
 * element with HTTP 200, as the protocol demands, never as the API's JSON error body.
 */

export type OaiErrorCode =
  | 'badArgument'
  | 'badResumptionToken'
  | 'badVerb'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noRecordsMatch'
  | 'noMetadataFormats'
  | 'noSetHierarchy';

/** A request the repository cannot answer with data: the OAI error code and what to fix. */
export class OaiError extends Error {
  constructor(
    readonly code: OaiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OaiError';
  }
}

/**
 * Whether the answer echoes the request's arguments: after badVerb and badArgument the
 * `request` element carries only the base URL (§3.2), since the arguments were not valid.
 */
export const echoesArguments = (error: OaiError) =>
  error.code !== 'badVerb' && error.code !== 'badArgument';
