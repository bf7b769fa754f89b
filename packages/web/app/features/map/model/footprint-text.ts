import type { FootprintFeature } from '@geoportal/contract/search';

/** A record title in the page language, else the other one. */
export function footprintTitle(feature: FootprintFeature, language: string): string {
  const { title } = feature.properties;
  return (language === 'en' ? (title.en ?? title.de) : (title.de ?? title.en)) ?? feature.id;
}

/** Message ids of the common record types; other types show their code. */
export const recordTypeMessages: Partial<Record<string, string>> = {
  dataset: 'record.type.dataset',
  series: 'record.type.series',
  service: 'record.type.service',
};
