import { ErrorBody } from '@geoportal/contract/errors';
import {
  CreateObject,
  type DetailLevel,
  ObjectDetailed,
  ObjectId,
  ObjectList,
  ObjectListQuery,
  ObjectNormal,
  ObjectSummary,
  StateChange,
  UpdateObject,
} from '@geoportal/contract/object';
import { ImportCheck, ImportIntoQuery, ImportQuery } from '@geoportal/contract/record-import';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestContext } from '../../http/request-context.js';
import { RecordFeature } from '../records/geojson.js';
import * as records from '../records/record.service.js';
import { negotiateFormat } from '../records/record-format.js';
import * as objects from './object.service.js';

const tags = ['objects'];
const security = [{ AccessToken: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
export const idParams = z.object({ id: ObjectId });

/** The detail level of `Accept: application/json; detail=…` (SPEC §3); normal by default. */
function detailLevel(request: FastifyRequest): DetailLevel {
  const match = /detail=(summary|normal|detailed)\b/.exec(request.headers.accept ?? '');
  return (match?.[1] as DetailLevel | undefined) ?? 'normal';
}

/** An RDF serialization of a record (DCAT-AP.de). */
export type RdfFormat = 'turtle' | 'rdfxml' | 'jsonld';

/**
 * What the objects endpoints serve from other modules, handed in by the composition root
 * (`app.ts`), so that the objects module imports none of its consumers.
 */
export interface ObjectRouteOptions {
  /** The record as DCAT-AP.de in one RDF serialization (404 as `GET /object/{id}`). */
  exportRdf(
    ctx: RequestContext,
    id: string,
    format: RdfFormat,
  ): Promise<{ body: string; mediaType: string; extension: string }>;
}

/** Objects: create, read at a detail level, update with version check, delete, workflow, lists. */
export const objectRoutes: FastifyPluginAsyncZod<ObjectRouteOptions> = async (app, options) => {
  app.post(
    '/object',
    {
      schema: {
        tags,
        security,
        summary: 'Create a draft (submitters, editors, administrators)',
        body: CreateObject,
        response: { 201: ObjectNormal, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await objects.createObject(request.ctx, request.body)),
  );

  app.put(
    '/object',
    {
      schema: {
        tags,
        security,
        summary: 'Save a record; answers 409 object.version_conflict when someone saved in between',
        body: UpdateObject,
        response: { 200: ObjectNormal, ...errors },
      },
    },
    async (request) => objects.updateObject(request.ctx, request.body),
  );

  app.get(
    '/object',
    {
      schema: {
        tags,
        security,
        summary: 'Records the caller may read: own ones (owner=me), by state (review queue)',
        querystring: ObjectListQuery,
        response: { 200: ObjectList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return objects.listObjects(request.ctx, request.query);
    },
  );

  app.get(
    '/object/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A record as JSON (at a detail level), ISO 19139 XML, GeoJSON or DCAT-AP.de',
        description:
          'JSON at the detail level of `Accept: application/json; detail=summary|normal|detailed` ' +
          'is the default. `Accept: application/xml` (or text/xml) or `?format=iso19139` answers ' +
          'the record as an ISO 19139 gmd:MD_Metadata document; `Accept: application/geo+json` or ' +
          '`?format=geojson` as a GeoJSON Feature (its geometry, else its box, a MultiPolygon ' +
          'across the antimeridian, else null). DCAT-AP.de (a dcat:Dataset with its ' +
          'distributions) answers `Accept: text/turtle`, `application/rdf+xml` or ' +
          '`application/ld+json`, or `?format=dcat` (in the RDF serialization Accept prefers, ' +
          'else Turtle; `ttl`, `rdf` and `jsonld` name one). `format` wins over Accept; an unknown format ' +
          'or an Accept header without a served type is 406. Answers 404 both for missing ' +
          'records and for records the caller may not see, in every format.',
        params: idParams,
        querystring: z.object({
          format: z
            .string()
            .max(100)
            .optional()
            .describe('json, iso19139 (or xml), geojson, or dcat (ttl, rdf, jsonld)'),
        }),
        response: {
          200: {
            description: 'The record in the negotiated format',
            content: {
              'application/json': {
                schema: z.union([ObjectDetailed, ObjectNormal, ObjectSummary]),
              },
              'application/xml': { schema: z.string().describe('ISO 19139 gmd:MD_Metadata') },
              'application/geo+json': { schema: RecordFeature },
              'text/turtle': { schema: z.string().describe('DCAT-AP.de dcat:Dataset') },
              'application/rdf+xml': { schema: z.string().describe('DCAT-AP.de dcat:Dataset') },
              'application/ld+json': { schema: z.string().describe('DCAT-AP.de dcat:Dataset') },
            },
          },
          ...errors,
          406: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { ctx } = request;
      const { id } = request.params;
      const format = negotiateFormat(request.query.format, request.headers.accept);
      if (format === 'iso19139') {
        const xml = await records.exportIso19139(ctx, id);
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', `inline; filename="${id}.xml"`)
          .send(xml);
      }
      if (format === 'turtle' || format === 'rdfxml' || format === 'jsonld') {
        const rdf = await options.exportRdf(ctx, id, format);
        return reply
          .type(`${rdf.mediaType}; charset=utf-8`)
          .header('content-disposition', `inline; filename="${id}.${rdf.extension}"`)
          .send(rdf.body);
      }
      if (format === 'geojson') {
        return reply
          .type('application/geo+json; charset=utf-8')
          .header('content-disposition', `inline; filename="${id}.geojson"`)
          .send(await records.exportGeoJson(ctx, id));
      }
      return objects.getObject(ctx, id, detailLevel(request));
    },
  );

  // Its own scope, so that the XML body parser serves this route only.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      ['application/xml', 'text/xml'],
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );
    const xmlBody = z
      .custom<Buffer>((value) => Buffer.isBuffer(value), 'is not an XML document')
      .meta({ type: 'string', format: 'binary', description: 'The ISO 19139 XML document' });
    const consumes = ['application/xml', 'text/xml'];
    const xmlErrors = { ...errors, 413: ErrorBody, 415: ErrorBody };
    scope.post(
      '/object/import',
      {
        schema: {
          tags,
          security,
          summary:
            'Create a draft from an ISO 19139 XML file (submitters, editors, administrators)',
          description:
            'The body is the XML file itself (`Content-Type: application/xml` or `text/xml`), at ' +
            "most the server's body limit (413 above it). Documents with a DOCTYPE or ENTITY " +
            'declaration are refused, no entity or DTD is ever fetched. A malformed file is 400 ' +
            '`record.import_invalid` naming line and column; so is a well-formed file that is not ' +
            'an ISO 19139 gmd:MD_Metadata with a title. Classification values are mapped to the ' +
            'codes of the classifications; keywords that match none become free keywords, other ' +
            'unknown values are left out. Answers 201 with the new draft like `POST /object`. ' +
            "When the file's gmd:fileIdentifier names an existing record (its id, or the " +
            'identifier of the file it was imported from), the answer is 409 `record.exists` ' +
            'unless `as=copy`: then see `POST /object/import/check` and either update that ' +
            'record (`PUT /object/{id}/import`) or import a copy. A record the caller may not ' +
            'read is not named.',
          consumes,
          querystring: ImportQuery,
          body: xmlBody,
          response: { 201: ObjectNormal, ...xmlErrors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await records.importIso19139(request.ctx, request.body, request.query.as)),
    );
    scope.post(
      '/object/import/check',
      {
        schema: {
          tags,
          security,
          summary: 'What importing an ISO 19139 file would meet; stores nothing',
          description:
            'Reads the file like `POST /object/import` and answers its file identifier and the ' +
            'existing record it names that the caller may read (`existing`, with whether the ' +
            'caller may update it), or `hidden: true` when such a record exists that the caller ' +
            'may not see (nothing more about it is told).',
          consumes,
          body: xmlBody,
          response: { 200: ImportCheck, ...xmlErrors },
        },
      },
      async (request) => records.checkIso19139(request.ctx, request.body),
    );
    scope.put(
      '/object/:id/import',
      {
        schema: {
          tags,
          security,
          summary: 'Save an ISO 19139 file as a new version of a record',
          description:
            "Replaces the record's metadata (and type) with the file's, through the same save " +
            'as `PUT /object`: the caller must be allowed to write the record, and `version` is ' +
            'the version they decided to replace (409 `object.version_conflict` when someone ' +
            'saved in between). Files, state and access control stay as they are.',
          consumes,
          params: idParams,
          querystring: ImportIntoQuery,
          body: xmlBody,
          response: { 200: ObjectNormal, ...xmlErrors },
        },
      },
      async (request) =>
        records.importIntoIso19139(
          request.ctx,
          request.params.id,
          request.query.version,
          request.body,
        ),
    );
  });

  app.delete(
    '/object/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a record',
        params: idParams,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await objects.deleteObject(request.ctx, request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/object/:id/state',
    {
      schema: {
        tags,
        security,
        summary: 'A workflow step: submit, publish, return to draft (with a comment), withdraw',
        params: idParams,
        body: StateChange,
        response: { 200: ObjectDetailed, ...errors },
      },
    },
    async (request) => objects.changeState(request.ctx, request.params.id, request.body),
  );
};
