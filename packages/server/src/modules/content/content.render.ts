import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** A static page turned from Markdown into HTML that is safe to insert into the page. */
export interface RenderedPage {
  /** Plain text of the first `# ` heading; undefined when the file has none. */
  title: string | undefined;
  /** Sanitised HTML of the rest of the file. The title heading is left out, and other
   * first-level headings become `h2`, so the page that shows the title has one `h1`. */
  html: string;
}

// One instance with fixed options, so nothing configured elsewhere on the global `marked`
// changes how operators' files render. Raw HTML in the Markdown passes through here and is
// dealt with by the sanitiser.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

const ABSOLUTE_HTTP = /^https?:\/\//i;

/** Prefix of every heading id, so that no id in a page can shadow one of the app's own. */
const SECTION_ID_PREFIX = 'section-';

/** A URL fragment for a heading text: "Feedback und Kontaktangaben" → "feedback-und-kontaktangaben". */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** Keeps a heading's id only as a prefixed slug (ids from raw HTML included). */
function headingTag(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const slug = slugOf((attribs.id ?? '').replace(new RegExp(`^${SECTION_ID_PREFIX}`), ''));
  const kept: sanitizeHtml.Attributes = slug ? { id: `${SECTION_ID_PREFIX}${slug}` } : {};
  return { tagName, attribs: kept };
}

/**
 * What survives sanitising: text structure, links and images, nothing that runs code or
 * restyles the page. Attributes not listed (event handlers, `style`, `class`, `id`) are
 * dropped; URLs with schemes not listed (`javascript:`, `data:`, `vbscript:`) lose the
 * attribute. Scripts and styles are dropped with their content.
 */
const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code'],
    ...['ul', 'ol', 'li', 'a', 'em', 'strong', 'del', 's', 'img'],
    ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    // Headings carry ids so that sections can be linked (`/content/legal#section-kontakt`).
    ...Object.fromEntries(['h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [tag, ['id']])),
    th: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
    td: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
  },
  allowedSchemes: [],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto', 'tel'], img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // `//host/path` leaves the site like an absolute URL but would escape the scheme check.
  allowProtocolRelative: false,
  transformTags: {
    // The page's title is its only h1 (see RenderedPage).
    h1: (_tagName, attribs) => headingTag('h2', attribs),
    ...Object.fromEntries(
      ['h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [
        tag,
        (_: string, attribs: sanitizeHtml.Attributes) => headingTag(tag, attribs),
      ]),
    ),
    a: (tagName, attribs) => {
      const { rel: _ignored, ...rest } = attribs;
      const external = ABSOLUTE_HTTP.test(rest.href ?? '');
      return { tagName, attribs: external ? { ...rest, rel: 'noopener noreferrer' } : rest };
    },
  },
  // An image whose source was refused would show as a broken picture: drop it altogether.
  // Site-relative sources (`/assets/…`) are served over http(s) like the page itself.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !/^(?:https?:\/\/|\/(?!\/))/i.test(frame.attribs.src ?? ''),
};

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

/** The text of an inline HTML fragment: tags removed, the sanitiser's escapes undone. */
function plainText(inlineHtml: string): string {
  return sanitizeHtml(inlineHtml, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Renders one Markdown file: the title from its first `# ` heading, the rest as safe HTML. */
export function renderMarkdown(source: string): RenderedPage {
  const tokens = markdown.lexer(source);
  const index = tokens.findIndex((token) => token.type === 'heading' && token.depth === 1);
  let title: string | undefined;
  if (index >= 0) {
    const heading = tokens[index] as Tokens.Heading;
    title = plainText(markdown.Parser.parseInline(heading.tokens)) || undefined;
    // Removed in place: the token list also carries the file's link reference definitions.
    tokens.splice(index, 1);
  }
  const html = sanitizeHtml(withHeadingIds(markdown.parser(tokens)), sanitizeOptions).trim();
  return { title, html };
}

/** Gives every heading without an id one from its text, unique within the page. */
function withHeadingIds(html: string): string {
  const used = new Map<string, number>();
  return html.replace(/<h([1-6])>([\s\S]*?)<\/h\1>/g, (_, level: string, inner: string) => {
    const base = slugOf(plainText(inner)) || 'section';
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    const id = seen === 0 ? base : `${base}-${seen + 1}`;
    return `<h${level} id="${SECTION_ID_PREFIX}${id}">${inner}</h${level}>`;
  });
}
