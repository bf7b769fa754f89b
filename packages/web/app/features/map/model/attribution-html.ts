import type { LayerAttribution } from './capabilities';

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => entities[char] ?? char);

/**
 * The HTML OpenLayers' attribution control shows for a service's `Attribution` (it sets
 * attributions as HTML): the text escaped, a link only to a web address, opened in a new tab
 * without handing over this page.
 */
export function attributionHtml(attribution: LayerAttribution): string {
  const title = escapeHtml(attribution.title);
  if (!attribution.url || !/^https?:\/\//i.test(attribution.url)) return title;
  return `<a href="${escapeHtml(attribution.url)}" target="_blank" rel="noopener noreferrer">${title}</a>`;
}
