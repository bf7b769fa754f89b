import type { ApiRecord, Language } from './ogcapi-record.js';

/**
 * Small HTML pages of the API for people who open its links in a browser: accessible
 * (language, headings, landmarks, named links), light and dark by the browser's preference,
 * and pointing to the catalogue's own record pages for everything beyond the summary.
 */

const labels = {
  de: {
    records: 'Datensätze',
    found: (n: number) => `${n} Datensätze gefunden`,
    next: 'Nächste Seite',
    prev: 'Vorige Seite',
    pages: 'Seiten',
    recordPage: 'Datensatzseite im Katalog',
    asJson: 'als JSON',
    links: 'Verweise',
    none: 'Keine Datensätze gefunden.',
  },
  en: {
    records: 'Records',
    found: (n: number) => `${n} records found`,
    next: 'Next page',
    prev: 'Previous page',
    pages: 'Pages',
    recordPage: 'Record page in the catalogue',
    asJson: 'as JSON',
    links: 'Links',
    none: 'No records found.',
  },
} as const;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Link {
  href: string;
  rel: string;
  type?: string;
  title?: string;
}

function page(lang: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;line-height:1.5}a{overflow-wrap:anywhere}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const linkList = (links: Link[]) =>
  `<ul>${links
    .map(
      (l) =>
        `<li><a href="${escapeHtml(l.href)}"${l.type ? ` type="${escapeHtml(l.type)}"` : ''}>${escapeHtml(l.title ?? l.href)}</a> <small>(${escapeHtml(l.rel)})</small></li>`,
    )
    .join('')}</ul>`;

/** A document with a title, a description and links (landing page, collections, collection). */
export function documentHtml(
  lang: Language,
  doc: { title: string; description?: string; links: Link[] },
): string {
  return page(
    lang,
    doc.title,
    `<h1>${escapeHtml(doc.title)}</h1>
${doc.description ? `<p>${escapeHtml(doc.description)}</p>` : ''}
<h2>${labels[lang].links}</h2>
${linkList(doc.links)}`,
  );
}

/** The catalogue's own page of the record: its HTML alternate outside the API. */
const recordPage = (record: ApiRecord) =>
  record.links.find(
    (l) =>
      l.rel === 'alternate' &&
      'type' in l &&
      l.type === 'text/html' &&
      !l.href.includes('/ogcapi/'),
  )?.href ?? '';

export function itemHtml(lang: Language, record: ApiRecord): string {
  const t = labels[lang];
  const p = record.properties;
  return page(
    lang,
    p.title,
    `<h1>${escapeHtml(p.title)}</h1>
${'description' in p && p.description ? `<p>${escapeHtml(p.description)}</p>` : ''}
<p><a href="${escapeHtml(recordPage(record))}">${t.recordPage}: ${escapeHtml(p.title)}</a></p>
<h2>${t.links}</h2>
${linkList(record.links)}`,
  );
}

export function itemsHtml(
  lang: Language,
  title: string,
  page_: { numberMatched: number; records: ApiRecord[]; links: Link[] },
): string {
  const t = labels[lang];
  const items = page_.records
    .map(
      (r) =>
        `<li><a href="${escapeHtml(recordPage(r))}">${escapeHtml(r.properties.title)}</a> <small>(${escapeHtml(r.properties.type)}, <a href="${escapeHtml(r.links[0]?.href ?? '')}" aria-label="${escapeHtml(`${r.properties.title} ${t.asJson}`)}">JSON</a>)</small></li>`,
    )
    .join('');
  const nav = page_.links
    .filter((l) => (l.rel === 'next' || l.rel === 'prev') && l.type === 'text/html')
    .map(
      (l) =>
        `<a href="${escapeHtml(l.href)}" rel="${l.rel}">${l.rel === 'next' ? t.next : t.prev}</a>`,
    )
    .join(' ');
  return page(
    lang,
    `${t.records} – ${title}`,
    `<h1>${t.records}</h1>
<p>${t.found(page_.numberMatched)}</p>
${items ? `<ol>${items}</ol>` : `<p>${t.none}</p>`}
${nav ? `<nav aria-label="${t.pages}">${nav}</nav>` : ''}`,
  );
}
