import { z } from 'zod';

/**
 * Stable error codes. Each maps to the translation key `error.<code>` in the web app, so a
 * code is never renamed once released; add a new one instead.
 */
export const ErrorCode = {
  badRequest: 'request.invalid',
  validation: 'request.validation',
  malformedJson: 'request.malformed_json',
  unsupportedMediaType: 'request.unsupported_media_type',
  payloadTooLarge: 'request.too_large',
  badUrl: 'request.bad_url',
  uriTooLong: 'request.uri_too_long',
  headersTooLarge: 'request.headers_too_large',
  malformedRequest: 'request.malformed',
  requestTimeout: 'request.timeout',
  notFound: 'route.not_found',
  methodNotAllowed: 'route.method_not_allowed',
  languageNotFound: 'i18n.language_not_found',
  tooManyRequests: 'request.rate_limited',
  unavailable: 'service.unavailable',
  internal: 'server.internal',
  authRequired: 'auth.required',
  invalidCredentials: 'auth.invalid_credentials',
  tooManyLoginAttempts: 'auth.too_many_attempts',
  accountDisabled: 'auth.account_disabled',
  forbidden: 'auth.forbidden',
  csrfInvalid: 'csrf.invalid',
  userReadonly: 'user.readonly',
  userNotFound: 'user.not_found',
  passwordTooShort: 'password.too_short',
  passwordTooLong: 'password.too_long',
  passwordCommon: 'password.common',
  passwordWrongCurrent: 'password.wrong_current',
  contentNotFound: 'content.not_found',
  contentInvalidName: 'content.invalid_name',
  objectNotFound: 'object.not_found',
  versionConflict: 'object.version_conflict',
  transitionNotAllowed: 'object.transition_not_allowed',
  commentRequired: 'object.comment_required',
  objectIncomplete: 'object.incomplete',
  everyoneUnpublished: 'object.everyone_unpublished',
  everyoneReadOnly: 'object.everyone_read_only',
  readOnlyField: 'object.read_only_field',
  accessKeyNotFound: 'access_key.not_found',
  classificationNotFound: 'classification.not_found',
  unknownCode: 'record.unknown_code',
  importInvalid: 'record.import_invalid',
  recordExists: 'record.exists',
  notAcceptable: 'request.not_acceptable',
  bundleNotFound: 'bundle.not_found',
  fileNotFound: 'file.not_found',
  filePathInvalid: 'file.path_invalid',
  uploadInvalid: 'file.upload_invalid',
  rangeNotSatisfiable: 'file.range_not_satisfiable',
  fileTokenInvalid: 'file.token_invalid',
  previewUnavailable: 'preview.unavailable',
  searchQueryInvalid: 'search.query_invalid',
  searchTimeout: 'search.timeout',
  basemapNotFound: 'geo.basemap_not_found',
  proxyDisabled: 'geo.proxy_disabled',
  proxyUrlInvalid: 'geo.proxy_url_invalid',
  proxyHostNotAllowed: 'geo.proxy_host_not_allowed',
  proxyAddressRefused: 'geo.proxy_address_refused',
  proxyTooManyRedirects: 'geo.proxy_too_many_redirects',
  proxyTooLarge: 'geo.proxy_too_large',
  proxyTimeout: 'geo.proxy_timeout',
  proxyContentType: 'geo.proxy_content_type',
  proxyUpstream: 'geo.proxy_upstream',
  userExists: 'user.exists',
  userOwnsRecords: 'user.owns_records',
  userLastAdministrator: 'user.last_administrator',
  userSelfLockout: 'user.self_lockout',
  userVersionConflict: 'user.version_conflict',
  userSuccessorInvalid: 'user.successor_invalid',
  groupNotFound: 'group.not_found',
  groupExists: 'group.exists',
  groupVersionConflict: 'group.version_conflict',
  roleUnknown: 'role.unknown',
  proxyUnreachable: 'geo.proxy_unreachable',
  // Processes (issue 20)
  processNotFound: 'process.not_found',
  processUnknownKind: 'process.unknown_kind',
  processNotCancelable: 'process.not_cancelable',
  processNotRetryable: 'process.not_retryable',
  scheduleNotFound: 'process.schedule_not_found',
  cronInvalid: 'process.cron_invalid',
  // Command console (issue 23)
  commandLineInvalid: 'command.line_invalid',
  commandUnknown: 'command.unknown',
  commandSyntax: 'command.syntax',
  commandArgumentInvalid: 'command.argument_invalid',
  commandUploadNotFound: 'command.upload_not_found',
  commandExportNotFound: 'command.export_not_found',
  commandFailed: 'command.failed',
  // Harvesting (issue 25)
  harvesterInvalid: 'harvester.invalid',
  harvesterNotFound: 'harvester.not_found',
  harvesterRunning: 'harvester.running',
  harvesterRefusedUrl: 'harvester.refused_url',
  harvesterRemoteInvalid: 'harvester.remote_invalid',
  objectHarvested: 'object.harvested',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** One offending input field of a 400 answer: where it is and what is wrong with it. */
export const FieldError = z.object({
  path: z.string().describe('Location of the field, e.g. "body.metadata.title.en"'),
  message: z.string(),
  reason: z
    .string()
    .optional()
    .describe('A stable key of the problem, e.g. "unclosedQuote", for a translated text'),
  values: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe('The values the translated text of `reason` names'),
  position: z
    .number()
    .int()
    .optional()
    .describe('Where in the field the problem is (0-based character offset)'),
});
export type FieldError = z.infer<typeof FieldError>;

/** The uniform error body of every non-2xx answer under /api/v1 (DESIGN §4). */
export const ErrorBody = z
  .object({
    status: z.number().int().min(400).max(599),
    code: z.string().describe('Stable machine-readable code; maps to a translation key'),
    message: z.string().describe('Readable English sentence'),
    fields: z.array(FieldError).optional().describe('Offending fields of a validation error'),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;
