import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { type ContentPage, isContentFileName } from '@geoportal/contract/content';
import { ErrorCode } from '@geoportal/contract/errors';
import {
  availableLanguages,
  fallbackLanguage,
  isLanguage,
  type Language,
} from '@geoportal/contract/i18n';
import { BadRequestError, NotFoundError } from '../../http/errors.js';
import { type RenderedPage, renderMarkdown } from './content.render.js';

/** Where the service reports files it refuses to serve, so the operator learns why. */
export interface ContentLog {
  warn(message: string): void;
}

/** The static pages of one content folder. */
export interface ContentPages {
  /**
   * The page `fileName` in `lang`, or in the fallback language (de) when the folder has no
   * file for `lang`. Throws 400 `content.invalid_name` for a name outside
   * `CONTENT_FILE_NAME` and 404 `content.not_found` for an unknown language or page.
   */
  get(lang: string, fileName: string): Promise<ContentPage>;
  /** Forgets every rendered page (`clear caches`); answers how many there were. */
  clear(): number;
}

interface CacheEntry {
  mtimeMs: number;
  size: number;
  page: RenderedPage;
}

// Rendering is cheap but not free; the cache only ever holds files that exist in the
// folder, and this bound keeps a folder with thousands of pages from filling memory.
const MAX_CACHED_FILES = 500;

/**
 * Serves `<contentDir>/<fileName>.<lang>.md`, rendered and sanitised. Rendered files are kept
 * in memory keyed by their real path and checked against the file's modification time and
 * size on every request, so an operator's edit shows at once without a restart.
 */
export function createContentPages(contentDir: string, log?: ContentLog): ContentPages {
  const cache = new Map<string, CacheEntry>();

  /** The real path of a file inside the folder, or undefined when it is missing. */
  async function locate(fileName: string, lang: Language): Promise<string | undefined> {
    let root: string;
    let file: string;
    try {
      root = await realpath(contentDir);
      file = await realpath(path.join(root, `${fileName}.${lang}.md`));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    // A symbolic link in the folder may point anywhere; only files inside it are pages.
    if (!file.startsWith(root + path.sep)) {
      log?.warn(`Static page ${fileName}.${lang}.md points outside ${root}; not served`);
      return undefined;
    }
    return file;
  }

  async function render(file: string): Promise<RenderedPage | undefined> {
    const info = await stat(file).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (!info?.isFile()) return undefined;
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) {
      return cached.page;
    }
    const page = renderMarkdown(await readFile(file, 'utf8'));
    cache.delete(file);
    if (cache.size >= MAX_CACHED_FILES) {
      // Maps iterate in insertion order: the first key is the least recently rendered.
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(file, { mtimeMs: info.mtimeMs, size: info.size, page });
    return page;
  }

  return {
    clear() {
      const entries = cache.size;
      cache.clear();
      return entries;
    },
    async get(lang, fileName) {
      if (!isContentFileName(fileName)) {
        throw new BadRequestError(
          'A page name consists of lower-case letters, digits and hyphens (at most 64).',
          undefined,
          ErrorCode.contentInvalidName,
        );
      }
      if (!isLanguage(lang)) throw notFound();
      const languages: Language[] = lang === fallbackLanguage ? [lang] : [lang, fallbackLanguage];
      for (const language of languages) {
        const file = await locate(fileName, language);
        const page = file ? await render(file) : undefined;
        if (page)
          return { fileName, lang: language, title: page.title ?? fileName, html: page.html };
      }
      throw notFound();
    },
  };
}

/** A static page that every visitor can open, as the sitemap lists it. */
export interface ListedContentPage {
  fileName: string;
  /** The newest modification of its files (any language). */
  modified: Date;
}

/**
 * The static pages of the folder that every visitor can open: those with a file in the
 * fallback language (de), which `get` serves whatever the visitor's language. Names outside
 * `CONTENT_FILE_NAME` and files that are links to places outside the folder are left out,
 * as `get` refuses them. An absent folder has no pages.
 */
export async function listContentPages(contentDir: string): Promise<ListedContentPage[]> {
  let root: string;
  let entries: string[];
  try {
    root = await realpath(contentDir);
    entries = await readdir(root);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const suffix = `.${fallbackLanguage}.md`;
  const names = entries
    .filter((entry) => entry.endsWith(suffix))
    .map((entry) => entry.slice(0, -suffix.length))
    .filter(isContentFileName)
    .sort();
  const pages: ListedContentPage[] = [];
  for (const fileName of names) {
    if ((await servedFileTime(root, `${fileName}${suffix}`)) === undefined) continue;
    const times = await Promise.all(
      availableLanguages.map((language) => servedFileTime(root, `${fileName}.${language}.md`)),
    );
    const modified = Math.max(...times.filter((time) => time !== undefined));
    pages.push({ fileName, modified: new Date(modified) });
  }
  return pages;
}

/** The modification time of a regular file inside `root` (links followed), if there is one. */
async function servedFileTime(root: string, name: string): Promise<number | undefined> {
  try {
    const file = await realpath(path.join(root, name));
    if (!file.startsWith(root + path.sep)) return undefined;
    const info = await stat(file);
    return info.isFile() ? info.mtimeMs : undefined;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

// The message never repeats the requested name or language: they are the caller's input.
function notFound(): NotFoundError {
  return new NotFoundError(ErrorCode.contentNotFound, 'There is no such page.');
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP';
}
