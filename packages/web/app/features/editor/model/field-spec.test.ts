import de from '@geoportal/contract/i18n/de.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { fieldLabels } from './field-labels';
import { type FieldSpec, fieldSpec, languageFields, listFields, recordFields } from './field-spec';
import { sectionOf } from './sections';

const messages: Record<string, string> = de;

describe('the field table', () => {
  it('gives every input the label it had when the tables were written by hand', () => {
    expect(fieldLabels).toEqual({
      type: { id: 'editor.field.type' },
      title: { id: 'editor.field.title' },
      abstract: { id: 'editor.field.abstract' },
      identifier: { id: 'editor.field.identifier' },
      topicCategories: { id: 'editor.field.topicCategories' },
      inspireThemes: { id: 'editor.field.inspireThemes' },
      keywords: { id: 'editor.field.keywords' },
      extent: { id: 'editor.field.extent' },
      referenceSystem: { id: 'editor.field.referenceSystem' },
      'resolution.kind': { id: 'editor.field.resolution' },
      'resolution.denominator': { id: 'editor.field.scale' },
      'resolution.value': { id: 'editor.field.distance' },
      'resolution.unit': { id: 'editor.field.unit' },
      'temporalExtent.start': { id: 'editor.field.temporalStart' },
      'temporalExtent.end': { id: 'editor.field.temporalEnd' },
      'dates.creation': { id: 'editor.field.dateCreation' },
      'dates.publication': { id: 'editor.field.datePublication' },
      'dates.revision': { id: 'editor.field.dateRevision' },
      contacts: { id: 'editor.field.contacts' },
      'contacts.*.organisation': { id: 'editor.field.organisation' },
      'contacts.*.person': { id: 'editor.field.person' },
      'contacts.*.email': { id: 'editor.field.email' },
      'contacts.*.phone': { id: 'editor.field.phone' },
      'contacts.*.role': { id: 'editor.field.role' },
      licence: { id: 'editor.field.licence' },
      useConstraints: { id: 'editor.field.useConstraints' },
      accessConstraints: { id: 'editor.field.accessConstraints' },
      formats: { id: 'editor.field.formats' },
      'formats.*.name': { id: 'editor.field.formatName' },
      'formats.*.version': { id: 'editor.field.formatVersion' },
      onlineResources: { id: 'editor.field.onlineResources' },
      'onlineResources.*.url': { id: 'editor.field.url' },
      'onlineResources.*.protocol': { id: 'editor.field.protocol' },
      'onlineResources.*.name': { id: 'editor.field.resourceName' },
      'onlineResources.*.description': { id: 'editor.field.resourceDescription' },
      'onlineResources.*.layer': { id: 'editor.field.layer' },
      lineage: { id: 'editor.field.lineage' },
      related: { id: 'editor.field.related' },
      'related.*.id': { id: 'editor.field.relatedId' },
      'related.*.relation': { id: 'editor.field.relation' },
    });
  });

  it('names the language and list fields and the sections of the inputs', () => {
    expect(languageFields).toEqual([
      'title',
      'abstract',
      'useConstraints',
      'accessConstraints',
      'lineage',
    ]);
    expect(listFields).toEqual(['contacts', 'formats', 'onlineResources', 'related']);
    const paths = ['inspireThemes', 'resolution.denominator', 'contacts.2.email', 'related.0.id'];
    expect(Object.fromEntries(paths.map((path) => [path, sectionOf(path)]))).toEqual({
      inspireThemes: 'keywords',
      'resolution.denominator': 'extent',
      'contacts.2.email': 'contacts',
      'related.0.id': 'quality',
    });
    // Not a form path (formPathOf reports footprint problems at `extent`): the default section.
    expect(sectionOf('geometry')).toBe('identification');
  });

  it('has a translation for every label and every conflict row', () => {
    const keys = recordFields.flatMap((field) => {
      const spec: FieldSpec = fieldSpec[field];
      return [
        `editor.field.${field}`,
        ...(spec.label ? [spec.label] : []),
        ...Object.values(spec.parts ?? {}),
      ];
    });
    expect(keys.filter((key) => !Object.hasOwn(messages, key))).toEqual([]);
  });
});
