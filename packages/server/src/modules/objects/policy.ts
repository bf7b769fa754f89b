import { WILDCARD_ROLE } from '@geoportal/contract/access';
import type { Grant, ObjectState, Permission } from '@geoportal/contract/object';
import type { Auth } from '../access/access.service.js';

/** Who asks: the signed-in user (if any) and the type of a valid access key they present. */
export interface Subject {
  auth: Auth | null;
  keyType?: 'read' | 'write';
}

/**
 * A grant as stored: a grant to a user names the account (`accountId`), not its name, so
 * that it goes with a deleted account and never passes to a new account of the same name.
 * `accountId` is null for a user grant whose name named no account (it grants nobody).
 */
export type GrantFact = Grant & { accountId?: string | null };

/** What the policy needs to know of an object. */
export interface ObjectFacts {
  ownerId: string;
  state: ObjectState;
  public: boolean;
  grants: readonly GrantFact[];
}

/** The grants as the API shows them (without the stored account ids). */
export function presentGrants(grants: readonly GrantFact[]): Grant[] {
  return grants.map(({ permission, subject }) => ({ permission, subject }) as Grant);
}

const has = (subject: Subject, role: string) =>
  subject.auth?.principal.roles.includes(role) ?? false;
/** Whether the roles include administrator, who may do everything (DESIGN §5). */
export const holdsAdministrator = (roles: readonly string[]) => roles.includes('administrator');
/** Whether the roles read every record whatever its state and grants: editors, administrators. */
export const readsEverything = (roles: readonly string[]) =>
  holdsAdministrator(roles) || roles.includes('editor');
export const isAdministrator = (subject: Subject) =>
  holdsAdministrator(subject.auth?.principal.roles ?? []);
export const isEditor = (subject: Subject) => has(subject, 'editor') || isAdministrator(subject);
export const isPublisher = (subject: Subject) => has(subject, 'submitter') || isEditor(subject);
const isOwner = (subject: Subject, object: ObjectFacts) =>
  subject.auth?.accountId === object.ownerId;

/**
 * Whether visitors may read the record (DESIGN §5 "Review cannot be bypassed"): only a
 * published record is public, by its `public` flag or a grant to everyone. A grant to
 * everyone on a record that is not published (a draft, a submission, a withdrawn record)
 * has no effect, so that no grant makes an unreviewed or withdrawn record public.
 */
export function isPublic(object: {
  state: string;
  public: boolean;
  grants: readonly Grant[];
}): boolean {
  return (
    object.state === 'published' &&
    (object.public || object.grants.some((g) => g.subject.kind === 'everyone'))
  );
}

/**
 * Whether a grant names the subject (user, one of its groups or roles, or everyone). A grant
 * to everyone counts only on a published record, and only as read (`isPublic`): nobody
 * manages a record's access control as "everyone".
 */
function grantApplies(grant: GrantFact, subject: Subject, object: ObjectFacts): boolean {
  const s = grant.subject;
  if (s.kind === 'everyone') return grant.permission !== 'accessControl' && isPublic(object);
  const auth = subject.auth;
  if (!auth) return false;
  if (s.kind === 'user') return Boolean(grant.accountId) && grant.accountId === auth.accountId;
  if (s.kind === 'group') return auth.groups.some((g) => g.toLowerCase() === s.name.toLowerCase());
  // The wildcard role names any signed-in user (DESIGN §5).
  return s.name === WILDCARD_ROLE || auth.principal.roles.includes(s.name);
}

/**
 * The one access decision for objects (DESIGN §5). Administrators may do everything.
 * Read: public records (`isPublic`) for everyone; the owner; editors; any explicit grant
 * (every permission implies read); a read or write key. Write: the owner while it is a
 * draft; editors once it left the draft state; a write grant or key while it is a draft.
 * Delete: editors any record, whatever its state (they withdraw or delete what visitors see);
 * the owner of a draft; a delete grant while it is a draft. Access control: the owner; an
 * accessControl grant.
 *
 * Grants and keys never give more than the owner has (review cannot be bypassed): what was
 * submitted, published or withdrawn changes only through editors and administrators, even
 * for an owner who granted themselves write or holds a write key.
 */
export function can(subject: Subject, object: ObjectFacts, permission: Permission): boolean {
  if (isAdministrator(subject)) return true;
  const granted = object.grants.filter((g) => grantApplies(g, subject, object));
  const grantedThis = granted.some((g) => g.permission === permission);
  const owner = isOwner(subject, object);
  const draft = object.state === 'draft';
  switch (permission) {
    case 'read':
      return (
        isPublic(object) ||
        owner ||
        isEditor(subject) ||
        granted.length > 0 ||
        subject.keyType !== undefined
      );
    case 'write':
      return (
        (isEditor(subject) && !draft) ||
        (draft && (owner || grantedThis || subject.keyType === 'write'))
      );
    case 'delete':
      return isEditor(subject) || (draft && (owner || grantedThis));
    case 'accessControl':
      return owner || grantedThis;
  }
}

/** Who lists or searches: the subject in the form the SQL visibility filters take (no keys). */
export interface Viewer {
  accountId: string | null;
  name: string | null;
  roles: readonly string[];
  groups: readonly string[];
}

/** The viewer of a caller; nobody signed in is a visitor without roles or groups. */
export function viewerOf(auth: Auth | null): Viewer {
  return {
    accountId: auth?.accountId ?? null,
    name: auth?.principal.name ?? null,
    roles: auth?.principal.roles ?? [],
    groups: auth?.groups ?? [],
  };
}

/** A workflow step and whether it needs a comment from this subject. */
export interface Transition {
  to: ObjectState;
  commentRequired: boolean;
}

/**
 * The workflow steps the subject may take now (DESIGN §5): the owner submits a draft and
 * may take a submission back; editors publish, return to draft (with a comment) and
 * withdraw; administrators may do all.
 */
export function transitions(subject: Subject, object: ObjectFacts): Transition[] {
  const owner = isOwner(subject, object);
  const editor = isEditor(subject);
  const steps: Transition[] = [];
  switch (object.state) {
    case 'draft':
      if (owner || editor) steps.push({ to: 'submitted', commentRequired: false });
      break;
    case 'submitted':
      if (editor) steps.push({ to: 'published', commentRequired: false });
      if (editor || owner) steps.push({ to: 'draft', commentRequired: editor && !owner });
      break;
    case 'published':
      if (editor) steps.push({ to: 'withdrawn', commentRequired: false });
      break;
    case 'withdrawn':
      if (editor) steps.push({ to: 'draft', commentRequired: true });
      break;
  }
  return steps;
}
