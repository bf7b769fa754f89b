import { ErrorCode } from '@geoportal/contract/errors';
import { BadRequestError, HttpError, NotFoundError } from '../../http/errors.js';

/** What user and group administration refuses to others: "Only administrators may …". */
export const MANAGE_USERS = 'manage users and groups';

const quoted = (name: string) => `"${name.slice(0, 64)}"`;

export class UserNotFoundError extends NotFoundError {
  constructor(name: string) {
    super(ErrorCode.userNotFound, `No user with the name ${quoted(name)} exists.`);
  }
}

export class GroupNotFoundError extends NotFoundError {
  constructor(name: string) {
    super(ErrorCode.groupNotFound, `No group with the name ${quoted(name)} exists.`);
  }
}

export class UserExistsError extends HttpError {
  constructor(name: string) {
    super(
      409,
      ErrorCode.userExists,
      `A user named ${quoted(name)} exists already. Choose another name.`,
      [{ path: 'body.name', message: 'is taken' }],
    );
  }
}

export class GroupExistsError extends HttpError {
  constructor(name: string) {
    super(
      409,
      ErrorCode.groupExists,
      `A group named ${quoted(name)} exists already. Choose another name.`,
      [{ path: 'body.name', message: 'is taken' }],
    );
  }
}

export class VersionConflictError extends HttpError {
  constructor(kind: 'user' | 'group') {
    super(
      409,
      kind === 'user' ? ErrorCode.userVersionConflict : ErrorCode.groupVersionConflict,
      `Someone else saved this ${kind} in the meantime. Load it again and repeat your change.`,
    );
  }
}

export class UnknownRoleError extends BadRequestError {
  constructor(roles: string[]) {
    super(
      `These roles do not exist: ${roles.map(quoted).join(', ')}.`,
      [{ path: 'body.roles', message: 'unknown role' }],
      ErrorCode.roleUnknown,
    );
  }
}

export class LastAdministratorError extends HttpError {
  constructor() {
    super(
      409,
      ErrorCode.userLastAdministrator,
      'This would leave no enabled administrator. Make another user an administrator first.',
    );
  }
}

export class SelfLockoutError extends HttpError {
  constructor() {
    super(
      409,
      ErrorCode.userSelfLockout,
      'You cannot disable or delete yourself or take away your own administrator role. Ask another administrator.',
    );
  }
}

export class OwnsRecordsError extends HttpError {
  constructor(readonly count: number) {
    super(
      409,
      ErrorCode.userOwnsRecords,
      `This user owns ${count} record(s). Choose a successor who receives them (?successor=name).`,
    );
  }
}

export class SuccessorInvalidError extends BadRequestError {
  constructor(message: string) {
    super(message, [{ path: 'query.successor', message }], ErrorCode.userSuccessorInvalid);
  }
}
