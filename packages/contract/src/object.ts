import { z } from 'zod';
import { CalendarInstant } from './calendar.js';
import { HarvestOrigin } from './harvest-origin.js';
import { objectLimits, objectStates } from './object-rules.js';
import { BoundingBox, Metadata } from './record.js';
import { LinkStatus } from './record-links.js';
import { UserName } from './user-name.js';

export { objectLimits, objectStates } from './object-rules.js';

export const ObjectState = z.enum(objectStates);
export type ObjectState = z.infer<typeof ObjectState>;

/** Detail levels of reads (SPEC §3), sent as `Accept: application/json; detail=…`. */
export const DetailLevel = z.enum(['summary', 'normal', 'detailed']);
export type DetailLevel = z.infer<typeof DetailLevel>;

/** Opaque, URL-safe object id (22 base64url characters). */
export const ObjectId = z.string().regex(/^[\w-]{10,64}$/, 'is not an object id');

export { BoundingBox, LanguageText, Metadata } from './record.js';

export const ObjectType = z.string().regex(/^[a-z][a-z-]{0,31}$/, 'is not a resource type');

/** `POST /object`. */
export const CreateObject = z
  .object({ type: ObjectType.default('dataset'), metadata: Metadata })
  .strict()
  .meta({ id: 'CreateObject' });
export type CreateObject = z.input<typeof CreateObject>;

export const permissions = ['read', 'write', 'delete', 'accessControl'] as const;
export const Permission = z.enum(permissions);
export type Permission = z.infer<typeof Permission>;

/** What the caller may do with an object (in the detailed view). */
export const Permissions = z.object({
  read: z.boolean(),
  write: z.boolean(),
  delete: z.boolean(),
  accessControl: z.boolean(),
  /** Workflow states the caller may move the object to now. */
  transitions: z.array(ObjectState),
});
export type Permissions = z.infer<typeof Permissions>;

export const HistoryEntry = z.object({
  from: ObjectState.nullable(),
  to: ObjectState,
  by: z.string(),
  at: z.string(),
  comment: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** `summary` detail: what lists and maps need. */
export const ObjectSummary = z
  .object({
    id: z.string(),
    type: z.string(),
    state: ObjectState,
    title: z.object({ de: z.string().optional(), en: z.string().optional() }),
    extent: BoundingBox.optional(),
    thumbnail: z.string().optional(),
  })
  .meta({ id: 'ObjectSummary' });
export type ObjectSummary = z.infer<typeof ObjectSummary>;

/** `normal` detail (the default): the summary plus the record and its bookkeeping. */
export const ObjectNormal = ObjectSummary.extend({
  version: z.number().int(),
  owner: z.string(),
  created: z.string(),
  modified: z.string(),
  metadata: Metadata,
  /** Present on harvested records: where they come from. They are read-only here. */
  harvest: HarvestOrigin.optional(),
}).meta({ id: 'Object' });
export type ObjectNormal = z.infer<typeof ObjectNormal>;

/** `detailed`: plus bundles (filled by the Files work), the caller's permissions, history. */
export const ObjectDetailed = ObjectNormal.extend({
  bundles: z.array(z.unknown()),
  permissions: Permissions,
  history: z.array(HistoryEntry),
  /** The last link check of the online resources; only for those who may edit the record. */
  linkStatus: z.array(LinkStatus).optional(),
}).meta({ id: 'ObjectDetailed' });
export type ObjectDetailed = z.infer<typeof ObjectDetailed>;

/**
 * `PUT /object`: `version` is the one the editor started from. The body may be the record as
 * `GET /object/{id}` answers it at normal or detailed detail, changed in `metadata` (and
 * `type`): a client reads, edits and writes back. The read-only fields are taken as sent
 * while they are as stored (`title` and `extent`, copies of the metadata's, also as the new
 * metadata gives them); a changed one is 400 `object.read_only_field` naming it (`state`
 * changes through `PUT /object/{id}/state`). `thumbnail`, `bundles`, `permissions` and
 * `history` follow files and the caller and are ignored, as is `linkStatus`. Any other key is refused.
 */
export const UpdateObject = z
  .object({
    id: ObjectId,
    version: z.number().int().min(1),
    type: ObjectType.optional(),
    metadata: Metadata,
    state: ObjectState.optional().describe(
      'Read-only: as stored; a workflow step goes through PUT /object/{id}/state',
    ),
    owner: z.string().max(200).optional().describe('Read-only: as stored'),
    created: z.string().max(64).optional().describe('Read-only: as stored'),
    modified: z.string().max(64).optional().describe('Read-only: as stored'),
    title: ObjectSummary.shape.title
      .optional()
      .describe('Read-only copy of metadata.title: as stored or as the sent metadata has it'),
    extent: BoundingBox.optional().describe(
      'Read-only copy of metadata.extent: as stored or as the sent metadata has it',
    ),
    thumbnail: z.string().max(2000).optional().describe('Ignored'),
    bundles: ObjectDetailed.shape.bundles.optional().describe('Ignored'),
    permissions: Permissions.optional().describe('Ignored'),
    history: ObjectDetailed.shape.history.optional().describe('Ignored'),
    linkStatus: ObjectDetailed.shape.linkStatus.describe('Ignored'),
    harvest: HarvestOrigin.optional().describe('Ignored'),
  })
  .strict()
  .meta({ id: 'UpdateObject' });
export type UpdateObject = z.infer<typeof UpdateObject>;

/** `PUT /object/{id}/state`: a workflow step; returning to draft needs a comment. */
export const StateChange = z
  .object({
    state: ObjectState,
    comment: z.string().trim().max(objectLimits.commentMax).optional(),
  })
  .strict()
  .meta({ id: 'StateChange' });
export type StateChange = z.infer<typeof StateChange>;

/** Who a grant is for. `everyone` includes visitors. */
export const GrantSubject = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), name: z.string().min(1).max(64) }),
  z.object({ kind: z.literal('group'), name: z.string().min(1).max(64) }),
  z.object({ kind: z.literal('role'), name: z.string().min(1).max(64) }),
  z.object({ kind: z.literal('everyone') }),
]);
export type GrantSubject = z.infer<typeof GrantSubject>;

export const Grant = z.object({ permission: Permission, subject: GrantSubject }).strict();
export type Grant = z.infer<typeof Grant>;

/**
 * `GET|POST /object/{id}/accessControl`: explicit grants on top of the defaults of DESIGN §5
 * (owner, editors, administrators; published records readable by everyone unless `public`
 * is false). POST replaces the whole list.
 */
export const AccessControl = z
  .object({ public: z.boolean(), grants: z.array(Grant).max(objectLimits.grantsMax) })
  .strict()
  .meta({ id: 'AccessControl' });
export type AccessControl = z.infer<typeof AccessControl>;

export const AccessKeyType = z.enum(['read', 'write']);
export type AccessKeyType = z.infer<typeof AccessKeyType>;

/** `POST /object/{id}/accessKeys`. */
export const CreateAccessKey = z
  .object({
    type: AccessKeyType,
    comment: z.string().trim().max(500).optional(),
    expires: CalendarInstant.optional(),
  })
  .strict()
  .meta({ id: 'CreateAccessKey' });
export type CreateAccessKey = z.infer<typeof CreateAccessKey>;

export const AccessKey = z
  .object({
    id: z.string(),
    type: AccessKeyType,
    comment: z.string(),
    created: z.string(),
    creator: z.string(),
    expires: z.string().nullable(),
    active: z.boolean(),
    lastUsed: z.string().nullable(),
  })
  .meta({ id: 'AccessKey' });
export type AccessKey = z.infer<typeof AccessKey>;

/** The answer to creating a key: the only time the secret is shown. */
export const CreatedAccessKey = AccessKey.extend({ secret: z.string() }).meta({
  id: 'CreatedAccessKey',
});
export type CreatedAccessKey = z.infer<typeof CreatedAccessKey>;

/** How `GET /object` orders: last change first (default), oldest change or submission first. */
export const objectListSorts = ['modified desc', 'modified asc', 'submitted asc'] as const;
export type ObjectListSort = (typeof objectListSorts)[number];

/** `GET /object` (own records, records to manage, review queue): paged summaries. */
export const ObjectListQuery = z.object({
  owner: z.enum(['me']).optional(),
  ownerName: UserName.optional().describe(
    'Only records owned by this user name (among those the caller may read)',
  ),
  state: ObjectState.optional(),
  sort: z
    .enum(objectListSorts)
    .default('modified desc')
    .describe('`submitted asc`: the review queue, longest waiting first'),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  rows: z.coerce.number().int().min(1).max(objectLimits.listRowsMax).default(10),
});
export type ObjectListQuery = z.infer<typeof ObjectListQuery>;
export const ObjectList = z
  .object({
    numFound: z.number().int(),
    start: z.number().int(),
    rows: z.number().int(),
    docs: z.array(
      ObjectSummary.extend({
        modified: z.string(),
        owner: z.string(),
        /** The last submission of a record waiting for review: when and by whom. */
        submitted: z.object({ at: z.string(), by: z.string() }).optional(),
      }),
    ),
  })
  .meta({ id: 'ObjectList' });
export type ObjectList = z.infer<typeof ObjectList>;
