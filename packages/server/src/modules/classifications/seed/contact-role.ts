import { node, type SeedClassification } from './seed-classification.js';

const role = (code: string, de: string, en: string, descDe: string, descEn: string) =>
  node(code, de, en, {
    descriptions: { de: descDe, en: descEn },
    uri: `http://inspire.ec.europa.eu/metadata-codelist/ResponsiblePartyRole/${code}`,
  });

/** ISO 19115 CI_RoleCode: the part a contact plays for the resource. */
export const contactRole: SeedClassification = {
  id: 'contactRole',
  input: {
    labels: { de: 'Rollen von Kontakten', en: 'Contact roles' },
    descriptions: {
      de: 'Funktion einer verantwortlichen Stelle nach ISO 19115 (CI_RoleCode).',
      en: 'Function of a responsible party after ISO 19115 (CI_RoleCode).',
    },
    nodes: [
      role(
        'resourceProvider',
        'Ressourcenanbieter',
        'Resource provider',
        'Stelle, die die Ressource bereitstellt.',
        'Party that supplies the resource.',
      ),
      role(
        'custodian',
        'Verwalter',
        'Custodian',
        'Stelle, die die Verantwortung für die Daten übernimmt und ihre Pflege sicherstellt.',
        'Party that accepts accountability and responsibility for the data and ensures appropriate care and maintenance of the resource.',
      ),
      role(
        'owner',
        'Eigentümer',
        'Owner',
        'Stelle, der die Ressource gehört.',
        'Party that owns the resource.',
      ),
      role(
        'user',
        'Nutzer',
        'User',
        'Stelle, die die Ressource nutzt.',
        'Party who uses the resource.',
      ),
      role(
        'distributor',
        'Vertreiber',
        'Distributor',
        'Stelle, die die Ressource vertreibt.',
        'Party who distributes the resource.',
      ),
      role(
        'originator',
        'Urheber',
        'Originator',
        'Stelle, die die Ressource erstellt hat.',
        'Party who created the resource.',
      ),
      role(
        'pointOfContact',
        'Ansprechpartner',
        'Point of contact',
        'Stelle, die zu der Ressource und ihrem Bezug Auskunft gibt.',
        'Party who can be contacted for acquiring knowledge about or acquisition of the resource.',
      ),
      role(
        'principalInvestigator',
        'Projektleitung',
        'Principal investigator',
        'Hauptverantwortliche Stelle für die Erhebung der Informationen und die Durchführung der Forschung.',
        'Key party responsible for gathering information and conducting research.',
      ),
      role(
        'processor',
        'Bearbeiter',
        'Processor',
        'Stelle, die die Daten so bearbeitet hat, dass die Ressource verändert wurde.',
        'Party who has processed the data in a manner such that the resource has been modified.',
      ),
      role(
        'publisher',
        'Herausgeber',
        'Publisher',
        'Stelle, die die Ressource veröffentlicht hat.',
        'Party who published the resource.',
      ),
      role(
        'author',
        'Autor',
        'Author',
        'Stelle, die die Ressource verfasst hat.',
        'Party who authored the resource.',
      ),
    ],
  },
};
