import type { Graph, Subject } from './dcat-graph.js';
import { iri, term, text, typed } from './dcat-graph.js';
import { DATA_THEME_SCHEME, languageUris } from './dcat-vocabularies.js';

/**
 * The `dcat:Catalog` of one page of the catalogue, and its paging in Hydra: the catalogue is
 * a `hydra:Collection` with `hydra:totalItems`, its `hydra:view` the page as a
 * `hydra:PartialCollectionView` with first, previous, next and last, as ckanext-dcat's RDF
 * harvester (GovData's dcatde harvester builds on it) and udata follow it. The view is also a
 * `hydra:PagedCollection` with `hydra:nextPage` and the like, the older terms ckanext-dcat
 * read before PartialCollectionView, so harvesters of either age find the next page.
 */

export interface CatalogTexts {
  title: { de: string; en: string };
  description: { de: string; en: string };
  publisherName: string;
  homepage: string;
}

export interface CatalogPage {
  /** The catalogue's IRI (without page). */
  catalogIri: string;
  /** The URL of page `n` (1-based) in the format asked for. */
  pageUrl: (n: number) => string;
  page: number;
  pageSize: number;
  total: number;
}

export function writeCatalog(
  graph: Graph,
  texts: CatalogTexts,
  paging: CatalogPage,
  datasets: Subject[],
): void {
  const catalog = iri(paging.catalogIri);
  graph.type(catalog, term('dcat', 'Catalog'), term('hydra', 'Collection'));
  for (const lang of ['de', 'en'] as const) {
    graph.add(catalog, term('dct', 'title'), text(texts.title[lang], lang));
    graph.add(catalog, term('dct', 'description'), text(texts.description[lang], lang));
  }
  const publisher = graph.node();
  graph.type(publisher, term('foaf', 'Agent'), term('foaf', 'Organization'));
  graph.add(publisher, term('foaf', 'name'), text(texts.publisherName));
  graph.add(catalog, term('dct', 'publisher'), publisher);
  const homepage = iri(texts.homepage);
  graph.type(homepage, term('foaf', 'Document'));
  graph.add(catalog, term('foaf', 'homepage'), homepage);
  for (const uri of Object.values(languageUris)) {
    const language = iri(uri);
    graph.type(language, term('dct', 'LinguisticSystem'));
    graph.add(catalog, term('dct', 'language'), language);
  }
  const taxonomy = iri(DATA_THEME_SCHEME);
  graph.type(taxonomy, term('skos', 'ConceptScheme'));
  graph.add(catalog, term('dcat', 'themeTaxonomy'), taxonomy);
  for (const dataset of datasets) graph.add(catalog, term('dcat', 'dataset'), dataset);

  const count = (n: number) => typed(String(n), 'integer');
  const last = Math.max(1, Math.ceil(paging.total / paging.pageSize));
  graph.add(catalog, term('hydra', 'totalItems'), count(paging.total));
  const view = iri(paging.pageUrl(paging.page));
  graph.type(view, term('hydra', 'PartialCollectionView'), term('hydra', 'PagedCollection'));
  graph.add(catalog, term('hydra', 'view'), view);
  graph.add(view, term('hydra', 'totalItems'), count(paging.total));
  graph.add(view, term('hydra', 'itemsPerPage'), count(paging.pageSize));
  const links: [string, string, number | undefined][] = [
    ['first', 'firstPage', 1],
    ['last', 'lastPage', last],
    ['next', 'nextPage', paging.page < last ? paging.page + 1 : undefined],
    ['previous', 'previousPage', paging.page > 1 ? paging.page - 1 : undefined],
  ];
  for (const [current, older, n] of links) {
    if (n === undefined) continue;
    graph.add(view, term('hydra', current), iri(paging.pageUrl(n)));
    graph.add(view, term('hydra', older), iri(paging.pageUrl(n)));
  }
}
