import { WILDCARD_ROLE } from '@geoportal/contract/access';
import type { Grant, ObjectState, Permission } from '@geoportal/contract/object';
import type { Auth } from '../access/access.service.js';

/** Who asks: the signed-in user (if any) and the type of a valid access key they present. */
export interface Subject {
  auth: Auth | null;
  keyType?: 'read' | 'write';
}

/** What the policy needs to know of an object. */
export interface ObjectFacts {
  ownerId: string;
  state: ObjectState;
  public: boolean;
  grants: readonly Grant[];
}

const has = (subject: Subject, role: string) =>
  subject.auth?.principal.roles.includes(role) ?? false;
/** Whether the roles include administrator, who may do everything (DESIGN §5). */
const holdsAdministrator = (roles: readonly string[]) => roles.includes('administrator');
/** Whether the roles read every record whatever its state and grants: editors, administrators. */
export const readsEverything = (roles: readonly string[]) =>
  holdsAdministrator(roles) || roles.includes('editor');
export const isAdministrator = (subject: Subject) =>
  holdsAdministrator(subject.auth?.principal.roles ?? []);
export const isEditor = (subject: Subject) => has(subject, 'editor') || isAdministrator(subject);
export const isPublisher = (subject: Subject) => has(subject, 'submitter') || isEditor(subject);
const isOwner = (subject: Subject, object: ObjectFacts) =>
  subject.auth?.accountId === object.ownerId;

/** Whether a grant names the subject (user, one of its groups or roles, or everyone). */
function grantApplies(grant: Grant, subject: Subject): boolean {
  const s = grant.subject;
  if (s.kind === 'everyone') return true;
  const auth = subject.auth;
  if (!auth) return false;
  if (s.kind === 'user') return auth.principal.name.toLowerCase() === s.name.toLowerCase();
  if (s.kind === 'group') return auth.groups.some((g) => g.toLowerCase() === s.name.toLowerCase());
  // The wildcard role names any signed-in user (DESIGN §5).
  return s.name === WILDCARD_ROLE || auth.principal.roles.includes(s.name);
}

/**
 * The one access decision for objects (DESIGN §5). Administrators may do everything.
 * Read: published public records for everyone; the owner; editors; any explicit grant
 * (every permission implies read); a read or write key. Write: the owner while it is a
 * draft; editors once it left the draft state; a write grant or key. Delete: the owner of a
 * draft; a delete grant. Access control: the owner; an accessControl grant.
 */
export function can(subject: Subject, object: ObjectFacts, permission: Permission): boolean {
  if (isAdministrator(subject)) return true;
  const granted = object.grants.filter((g) => grantApplies(g, subject));
  if (granted.some((g) => g.permission === permission)) return true;
  const owner = isOwner(subject, object);
  switch (permission) {
    case 'read':
      return (
        (object.state === 'published' && object.public) ||
        owner ||
        isEditor(subject) ||
        granted.length > 0 ||
        subject.keyType !== undefined
      );
    case 'write':
      return (
        (owner && object.state === 'draft') ||
        (isEditor(subject) && object.state !== 'draft') ||
        subject.keyType === 'write'
      );
    case 'delete':
      return owner && object.state === 'draft';
    case 'accessControl':
      return owner;
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
