import { describe, expect, it } from 'vitest';
import { loadEditorSchemas } from './editor-schemas';
import { emptyContact, emptyOnlineResource, emptyValues } from './editor-values';
import { formPathOf } from './field-paths';
import { serverIssues, validateValues } from './validate';

const kept = { contacts: [0, 2], formats: [], onlineResources: [1], related: [] };

describe('formPathOf', () => {
  it.each([
    [['title'], 'title'],
    [['title', 'de'], 'title.de'],
    [['contacts', 1, 'email'], 'contacts.2.email'],
    [['contacts', 0], 'contacts.0'],
    [['contacts'], 'contacts'],
    [['onlineResources', 0, 'url'], 'onlineResources.1.url'],
    [['classifiedKeywords', 3, 'code'], 'inspireThemes'],
    [['keywords', 4], 'keywords'],
    [['extent', 'south'], 'extent'],
    [['geometry', 'coordinates'], 'extent'],
    [['resolution', 'denominator'], 'resolution.denominator'],
    [['temporalExtent', 'end'], 'temporalExtent.end'],
    [['dates', 'creation'], 'dates.creation'],
  ] as const)('%j → %s', (path, form) => expect(formPathOf(path, kept)).toBe(form));
});

describe('validateValues', () => {
  it('accepts an incomplete draft that has a title', async () => {
    const values = emptyValues();
    values.title.de = 'Entwurf';
    const result = validateValues(values, await loadEditorSchemas());
    expect(result.issues).toEqual({});
    expect(result.record).toEqual({ type: 'dataset', metadata: { title: { de: 'Entwurf' } } });
  });

  it('reports malformed values on the inputs that hold them', async () => {
    const values = emptyValues();
    values.contacts = [
      emptyContact(),
      { ...emptyContact(), email: 'keine-adresse', role: 'author' },
    ];
    values.onlineResources = [{ ...emptyOnlineResource(), url: 'javascript:alert(1)' }];
    values.temporalExtent = { start: '2020-01-01', end: '2019-01-01' };
    values.referenceSystem = 'UTM';
    const result = validateValues(values, await loadEditorSchemas());
    expect(result.record).toBeUndefined();
    expect(result.issues).toEqual({
      title: { key: 'validation.required', values: {} },
      'contacts.1.email': { key: 'validation.format.email', values: {} },
      'contacts.1.organisation': { key: 'validation.rule.contactName', values: {} },
      'onlineResources.0.url': { key: 'validation.format.url', values: {} },
      'onlineResources.0.protocol': { key: 'validation.required', values: {} },
      'temporalExtent.end': { key: 'validation.rule.startEnd', values: {} },
      referenceSystem: { key: 'validation.format.regex', values: {} },
    });
  });
});

describe('serverIssues', () => {
  it('marks the fields a 400 answer names, with a translated reason', () => {
    const values = emptyValues();
    values.contacts = [emptyContact(), { ...emptyContact(), person: 'A', role: 'nope' }];
    expect(
      serverIssues(
        values,
        [
          { path: 'body.metadata.contacts.0.role', message: 'unknown code' },
          { path: 'body.type', message: 'unknown code' },
        ],
        'record.unknown_code',
      ),
    ).toEqual({
      'contacts.1.role': { key: 'editor.issue.unknownCode', values: {} },
      type: { key: 'editor.issue.unknownCode', values: {} },
    });
  });
});
