import type { Contact } from '@geoportal/contract/record';

/**
 * Contact roles that stand for the organisation responsible for the data, the most telling
 * first: who owns it, who keeps it, whom to ask (the role INSPIRE requires, so most records
 * have at least that one).
 */
export const responsibleRoles = ['owner', 'custodian', 'pointOfContact'] as const;

/**
 * The organisation a visitor sees as responsible for the record: that of the first contact
 * with the most telling responsible role that names an organisation; undefined when none does.
 */
export function responsibleOrganisation(
  contacts: readonly Contact[] | undefined,
): string | undefined {
  for (const role of responsibleRoles) {
    const contact = contacts?.find((c) => c.role === role && c.organisation);
    if (contact?.organisation) return contact.organisation;
  }
  return undefined;
}
