import { describe, expect, it } from 'vitest';
import { responsibleOrganisation } from './responsible-party';

describe('responsibleOrganisation', () => {
  it('prefers the owner, then the custodian, then the point of contact', () => {
    const contacts = [
      { organisation: 'Ansprechstelle', role: 'pointOfContact' },
      { organisation: 'Verwahrer', role: 'custodian' },
      { person: 'Erika Muster', role: 'owner' },
      { organisation: 'Eigentümerin', role: 'owner' },
    ];
    expect(responsibleOrganisation(contacts)).toBe('Eigentümerin');
    expect(responsibleOrganisation(contacts.slice(0, 3))).toBe('Verwahrer');
    expect(responsibleOrganisation(contacts.slice(0, 1))).toBe('Ansprechstelle');
  });

  it('answers nothing without a responsible organisation', () => {
    expect(responsibleOrganisation(undefined)).toBeUndefined();
    expect(
      responsibleOrganisation([{ organisation: 'Vertrieb', role: 'distributor' }]),
    ).toBeUndefined();
    expect(responsibleOrganisation([{ person: 'Erika Muster', role: 'owner' }])).toBeUndefined();
  });
});
