/**
 * OWS 1.0 exceptions of the catalogue service (OGC 05-008 §8, CSW 2.0.2 §10.3.7). The service
 * answers every problem as an `ows:ExceptionReport`, never as the API's JSON error body.
 */

export type ExceptionCode =
  | 'MissingParameterValue'
  | 'InvalidParameterValue'
  | 'OperationNotSupported'
  | 'VersionNegotiationFailed'
  | 'InvalidUpdateSequence'
  | 'NoApplicableCode';

/** A request the service refuses: the code, the parameter it concerns, and what to fix. */
export class CswException extends Error {
  constructor(
    readonly code: ExceptionCode,
    message: string,
    readonly locator?: string,
    /** Client errors are 400; a failure of the service itself is 500, a timeout 503. */
    readonly status = 400,
  ) {
    super(message);
    this.name = 'CswException';
  }
}

export const missing = (parameter: string) =>
  new CswException('MissingParameterValue', `The parameter ${parameter} is required.`, parameter);

export const invalid = (parameter: string, message: string) =>
  new CswException('InvalidParameterValue', message, parameter);
