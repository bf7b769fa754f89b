import { ErrorCode } from '@geoportal/contract/errors';
import { NotFoundError } from '../../http/errors.js';

export class ClassificationNotFoundError extends NotFoundError {
  constructor(id: string) {
    super(
      ErrorCode.classificationNotFound,
      `No classification with the id "${id.slice(0, 64)}" exists.`,
    );
  }
}
