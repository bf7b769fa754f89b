import { ErrorCode, type FieldError } from '@geoportal/contract/errors';
import type { RequiredField } from '@geoportal/contract/record';
import { HttpError, NotFoundError } from '../../http/errors.js';
import type { Subject } from './policy.js';

/** Missing, or not to be seen by the caller: both answer alike so existence does not leak. */
export class ObjectNotFoundError extends NotFoundError {
  constructor() {
    super(ErrorCode.objectNotFound, 'No record with this id exists, or you may not see it.');
  }
}

/** 401 for visitors (a sign-in may help), 403 for signed-in users. */
export function deniedError(signedIn: boolean): HttpError {
  return signedIn
    ? new HttpError(403, ErrorCode.forbidden, 'You are not allowed to do this with this record.')
    : new HttpError(401, ErrorCode.authRequired, 'Sign in first: this needs a valid AccessToken.');
}

/**
 * `deniedError` for a judged caller: a valid access key identifies its holder as much as a
 * sign-in does, so a key that does not reach this far is 403, not a request to sign in.
 */
export function deniedTo(subject: Subject): HttpError {
  return deniedError(subject.auth !== null || subject.keyType !== undefined);
}

export class VersionConflictError extends HttpError {
  constructor() {
    super(
      409,
      ErrorCode.versionConflict,
      'Someone else saved this record in the meantime. Reload it and repeat your change.',
    );
  }
}

export class TransitionNotAllowedError extends HttpError {
  constructor(from: string, to: string) {
    super(
      409,
      ErrorCode.transitionNotAllowed,
      `You may not move this record from ${from} to ${to} now.`,
    );
  }
}

export class CommentRequiredError extends HttpError {
  constructor() {
    super(400, ErrorCode.commentRequired, 'Returning a record needs a comment that says why.', [
      { path: 'body.comment', message: 'is required for this step' },
    ]);
  }
}

/** The record holds codes its classifications do not have; `fields` names each one. */
export class UnknownCodeError extends HttpError {
  constructor(fields: FieldError[]) {
    super(
      400,
      ErrorCode.unknownCode,
      `The record uses codes that do not exist. ${fields.map((f) => `${f.path}: ${f.message}`).join('; ')}`,
      fields,
    );
  }
}

/** Messages that say what completes a required field; a plain "is required" for the rest. */
const completeness: Partial<Record<RequiredField, string>> = {
  keywords: 'needs a keyword or a classified keyword',
  dates: 'needs a creation, publication or revision date',
  contacts: 'needs a contact with the role pointOfContact',
};

/** A workflow step that needs a complete record met one that lacks required fields. */
export class IncompleteRecordError extends HttpError {
  constructor(missing: readonly RequiredField[], step: 'submitted' | 'published') {
    const verb = step === 'submitted' ? 'submit' : 'publish';
    const fields = missing.map((field) => ({
      path: `metadata.${field}`,
      message: `${completeness[field] ?? 'is required'} to ${verb}`,
    }));
    super(
      400,
      ErrorCode.objectIncomplete,
      `The record is not complete enough to ${verb}. Missing: ${missing.join(', ')}.`,
      fields,
    );
  }
}

/** A grant to everyone on a record that is not published: it would skip the review. */
export class EveryoneUnpublishedError extends HttpError {
  constructor(state: string, indexes: readonly number[]) {
    super(
      400,
      ErrorCode.everyoneUnpublished,
      `Only a published record can be opened to everyone, and this one is ${state}: an editor ` +
        'publishes it after review. Until then, grant read to users, groups or roles, or ' +
        'share an access key.',
      indexes.map((i) => ({
        path: `body.grants.${i}.subject`,
        message: 'everyone is allowed on published records only',
      })),
    );
  }
}

/** A grant to everyone of more than read: nobody writes, deletes or shares as "everyone". */
export class EveryoneReadOnlyError extends HttpError {
  constructor(indexes: readonly number[]) {
    super(
      400,
      ErrorCode.everyoneReadOnly,
      'A grant to everyone can only be read. Grant further rights to users, groups or roles.',
      indexes.map((i) => ({
        path: `body.grants.${i}.permission`,
        message: 'must be read for everyone',
      })),
    );
  }
}

/** A `PUT /object` body changed read-only fields of the representation; `fields` names each. */
export class ReadOnlyFieldError extends HttpError {
  constructor(fields: FieldError[]) {
    super(
      400,
      ErrorCode.readOnlyField,
      `A save changes the record's metadata and type only. ${fields
        .map((f) => `${f.path.replace(/^body\./, '')} ${f.message}`)
        .join('; ')}.`,
      fields,
    );
  }
}

/** A grant names a user without an account (grants are stored by account, migration 0023). */
export class UnknownGranteeError extends HttpError {
  constructor(unknown: readonly { name: string; index: number }[]) {
    super(
      400,
      ErrorCode.unknownGrantee,
      `No user account is named ${unknown.map((u) => `"${u.name}"`).join(', ')}: grant to an existing user, or create the account first.`,
      unknown.map((u) => ({
        path: `body.grants.${u.index}.subject.name`,
        message: 'names no user account',
      })),
    );
  }
}
