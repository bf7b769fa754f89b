import {
  ClassificationInput,
  seededClassifications,
  walkNodes,
} from '@geoportal/contract/classification';
import { ObjectType } from '@geoportal/contract/object';
import { describe, expect, it } from 'vitest';
import { seedClassifications } from './seeded.js';

const codes = (id: string) => {
  const seed = seedClassifications.find((s) => s.id === id);
  return [...walkNodes(seed?.input.nodes ?? [])].map((n) => n.node.id);
};

describe('seeded classifications', () => {
  it('are exactly the six of DESIGN §5, each valid as a PUT body', () => {
    expect(seedClassifications.map((s) => s.id)).toEqual([...seededClassifications]);
    for (const seed of seedClassifications) {
      const parsed = ClassificationInput.safeParse(seed.input);
      expect(parsed.error?.issues, seed.id).toBeUndefined();
    }
  });

  it('list the 19 ISO 19115 topic categories', () => {
    expect(codes('topicCategory').sort()).toEqual(
      [
        'farming',
        'biota',
        'boundaries',
        'climatologyMeteorologyAtmosphere',
        'economy',
        'elevation',
        'environment',
        'geoscientificInformation',
        'health',
        'imageryBaseMapsEarthCover',
        'intelligenceMilitary',
        'inlandWaters',
        'location',
        'oceans',
        'planningCadastre',
        'society',
        'structure',
        'transportation',
        'utilitiesCommunication',
      ].sort(),
    );
  });

  it('list the 34 INSPIRE themes flat, by their register ids', () => {
    const themes =
      'ac ad af am au br bu cp ef el er ge gg gn hb hh hy lc lu mf mr nz oi pd pf ps rs sd so sr su tn us of';
    expect(codes('inspireTheme').sort()).toEqual(themes.split(' ').sort());
    const seed = seedClassifications.find((s) => s.id === 'inspireTheme');
    expect(seed?.input.nodes.every((n) => !n.children)).toBe(true);
    expect(
      seed?.input.nodes.every((n) => n.uri === `https://inspire.ec.europa.eu/theme/${n.id}`),
    ).toBe(true);
  });

  it('name resource types that are valid object types, and every CI_RoleCode', () => {
    expect(codes('resourceType')).toEqual([
      'dataset',
      'series',
      'service',
      'application',
      'non-geographic-dataset',
    ]);
    for (const code of codes('resourceType')) expect(ObjectType.safeParse(code).success).toBe(true);
    expect(codes('contactRole')).toHaveLength(11);
    expect(codes('contactRole')).toContain('pointOfContact');
  });

  it('give every licence but "other" a link to its text, and name the map-service protocols', () => {
    const seed = seedClassifications.find((s) => s.id === 'license');
    for (const node of seed?.input.nodes ?? []) {
      if (node.id !== 'other') expect(node.url, node.id).toMatch(/^https:\/\//);
    }
    expect(codes('protocol')).toEqual([
      'wms',
      'wmts',
      'wfs',
      'ogc-api-features',
      'download',
      'website',
      'documentation',
    ]);
  });
});
