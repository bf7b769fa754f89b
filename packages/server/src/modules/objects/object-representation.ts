import type { FieldError } from '@geoportal/contract/errors';
import type { BoundingBox, LanguageText, Metadata, UpdateObject } from '@geoportal/contract/object';
import type { ObjectRow } from './object.repository.js';

/**
 * The read-only fields of the record representation (`GET /object/{id}`) that a `PUT /object`
 * body carries and changes: a client may send back what it read, changed in `metadata` (and
 * `type`), and the rest is ignored while it is as stored. One entry per changed field, with
 * where it does change. `title` and `extent` are copies of the metadata's: they may be as
 * stored or as the new metadata gives them. `thumbnail`, `bundles`, `permissions` and
 * `history` follow files and the caller, which change without a new version, and are ignored.
 */
export function changedReadOnlyFields(row: ObjectRow, input: UpdateObject): FieldError[] {
  const stored = row.metadata as Metadata;
  const changed: FieldError[] = [];
  const refuse = (field: string, message: string) =>
    changed.push({ path: `body.${field}`, message });
  if (input.state !== undefined && input.state !== row.state) {
    refuse(
      'state',
      `is ${row.state} and changes only through the workflow: PUT /object/${row.id}/state`,
    );
  }
  if (input.owner !== undefined && input.owner !== row.owner_name) {
    refuse('owner', `is ${row.owner_name} and cannot be changed`);
  }
  if (input.created !== undefined && !sameInstant(input.created, row.created_at)) {
    refuse('created', 'is set when the record is created and cannot be changed');
  }
  if (input.modified !== undefined && !sameInstant(input.modified, row.modified_at)) {
    refuse('modified', 'is set by the server on every save and cannot be changed');
  }
  if (
    input.title !== undefined &&
    !sameText(input.title, stored.title) &&
    !sameText(input.title, input.metadata.title)
  ) {
    refuse('title', 'is a copy of metadata.title: change metadata.title instead');
  }
  if (
    input.extent !== undefined &&
    !sameBox(input.extent, stored.extent) &&
    !sameBox(input.extent, input.metadata.extent)
  ) {
    refuse('extent', 'is a copy of metadata.extent: change metadata.extent instead');
  }
  return changed;
}

const sameInstant = (sent: string, stored: Date) => Date.parse(sent) === stored.getTime();

const sameText = (a: Partial<LanguageText>, b: Partial<LanguageText> | undefined) =>
  (a.de ?? null) === (b?.de ?? null) && (a.en ?? null) === (b?.en ?? null);

const sameBox = (a: BoundingBox, b: BoundingBox | undefined) =>
  b !== undefined &&
  a.west === b.west &&
  a.south === b.south &&
  a.east === b.east &&
  a.north === b.north;
