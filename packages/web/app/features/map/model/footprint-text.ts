import type { FootprintFeature } from '@geoportal/contract/search';

/**
 * A record title in the page language, else the other one, else the record id: many records
 * have a German title only, and an English page must still name them, not show their id.
 */
export function footprintTitle(feature: FootprintFeature, language: string): string {
  const { title } = feature.properties;
  const order = language === 'en' ? [title.en, title.de] : [title.de, title.en];
  return order.map((text) => text?.trim()).find(Boolean) ?? feature.id;
}

/** Message ids of the common record types; other types show their code. */
export const recordTypeMessages: Partial<Record<string, string>> = {
  dataset: 'record.type.dataset',
  series: 'record.type.series',
  service: 'record.type.service',
};
