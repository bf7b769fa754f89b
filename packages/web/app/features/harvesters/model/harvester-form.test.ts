import type { Harvester } from '@geoportal/contract/harvester';
import { describe, expect, it } from 'vitest';
import { HttpRequestError } from '../../../lib/http/http-error';
import {
  answerFieldErrors,
  emptyHarvesterValues,
  fieldOfPath,
  inputOf,
  validateHarvester,
  validateSource,
  valuesOfHarvester,
} from './harvester-form';

const valid = {
  ...emptyHarvesterValues,
  name: ' Landesportal ',
  url: ' https://geo.example.org/csw ',
  schedule: '0 3 * * *',
};

describe('validateHarvester', () => {
  it('accepts a complete harvester and sends trimmed texts, empty ones as null', () => {
    expect(validateHarvester(valid)).toEqual({});
    expect(inputOf({ ...valid, schedule: ' ', constraint: '' })).toEqual({
      name: 'Landesportal',
      source: { type: 'csw', url: 'https://geo.example.org/csw', constraint: null },
      schedule: null,
      owner: null,
      group: null,
      collision: 'skip',
      publish: false,
    });
  });

  it('names each refused field with the message of its rule', () => {
    expect(validateHarvester(emptyHarvesterValues)).toEqual({
      name: { id: 'harvesters.invalid.name' },
      url: { id: 'harvesters.invalid.url' },
    });
    expect(validateHarvester({ ...valid, url: 'ftp://geo.example.org' })).toEqual({
      url: { id: 'harvesters.invalid.url' },
    });
    expect(validateHarvester({ ...valid, name: 'x'.repeat(201) })).toEqual({
      name: { id: 'harvesters.invalid.name' },
    });
    expect(validateHarvester({ ...valid, constraint: 'x'.repeat(2001) })).toEqual({
      constraint: { id: 'harvesters.invalid.constraint' },
    });
  });

  it('refuses a schedule the server’s cron reader would refuse', () => {
    expect(validateHarvester({ ...valid, schedule: '0 25 * * *' })).toEqual({
      schedule: { id: 'harvesters.invalid.schedule' },
    });
    expect(validateHarvester({ ...valid, schedule: 'nightly' })).toEqual({
      schedule: { id: 'harvesters.invalid.schedule' },
    });
  });

  it('checks only the source before a connection test', () => {
    expect(validateSource({ ...emptyHarvesterValues, url: 'https://a.example/csw' })).toEqual({});
    expect(validateSource({ ...emptyHarvesterValues, schedule: 'bad' })).toEqual({
      url: { id: 'harvesters.invalid.url' },
    });
  });
});

describe('form values', () => {
  it('shows a saved harvester with empty texts for what it lacks', () => {
    const harvester: Harvester = {
      id: '6f1c0c52-9a3e-4a39-9d53-2d3c8e0a9f10',
      name: 'Kreis',
      source: { type: 'oai-pmh', url: 'https://kreis.example/oai', constraint: null },
      schedule: null,
      owner: 'editor',
      group: null,
      collision: 'keep both',
      publish: true,
      created: '2026-11-26T08:00:00.000Z',
      modified: '2026-11-26T08:00:00.000Z',
      records: 0,
      lastRun: null,
    };
    expect(valuesOfHarvester(harvester)).toEqual({
      name: 'Kreis',
      type: 'oai-pmh',
      url: 'https://kreis.example/oai',
      constraint: '',
      schedule: '',
      owner: 'editor',
      group: null,
      collision: 'keep both',
      publish: true,
    });
  });
});

describe('server refusals', () => {
  it('maps body paths to the form’s fields', () => {
    expect(fieldOfPath(['source', 'url'])).toBe('url');
    expect(fieldOfPath(['schedule'])).toBe('schedule');
    expect(fieldOfPath(['source'])).toBeUndefined();
    expect(fieldOfPath(['unknown'])).toBeUndefined();
  });

  it('marks the fields a 400 names, and the address the server refuses to request', () => {
    const invalid = new HttpRequestError(
      400,
      {
        status: 400,
        code: 'harvester.invalid',
        message: 'Invalid.',
        fields: [
          { path: 'body.schedule', message: 'is not a cron expression' },
          { path: 'body.owner', message: 'no such user' },
        ],
      },
      'Bad Request',
    );
    expect(answerFieldErrors(invalid)).toEqual({
      schedule: { id: 'harvesters.invalid.schedule' },
      owner: { id: 'harvesters.invalid.owner' },
    });
    const refused = new HttpRequestError(
      400,
      { status: 400, code: 'harvester.refused_url', message: 'Refused.' },
      'Bad Request',
    );
    expect(answerFieldErrors(refused)).toEqual({ url: { id: 'error.harvester.refused_url' } });
    expect(answerFieldErrors(new Error('offline'))).toEqual({});
  });
});
