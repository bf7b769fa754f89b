/**
 * The contract's answer schemas, loaded with the first answer that needs them. Evaluating zod
 * and the schemas built on the record's (the record, search and classification modules) took
 * 100–150 ms of the search page's start at Lighthouse's 4× slowdown, in one task, although
 * that page checks no answer before someone searches or filters: its first answer comes
 * with the server-rendered page. The editor's start took about as much, and checks nothing
 * before the first save or change. The pages import the contract's plain constants and
 * helpers from its schema-free modules (`search-fields`, `classification-tree`,
 * `record-languages`, `record-rules`, `object-rules`, `map-services`).
 */
export const searchSchemas = () => import('@geoportal/contract/search');
export const classificationSchemas = () => import('@geoportal/contract/classification');
export const objectSchemas = () => import('@geoportal/contract/object');
export const recordImportSchemas = () => import('@geoportal/contract/record-import');
