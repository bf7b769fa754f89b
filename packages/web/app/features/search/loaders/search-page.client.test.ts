import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetClassifications } from '../../../lib/classifications/classification-api';
import { createHttpClient } from '../../../lib/http/http-client';
import { errorResponse, fakeFetch, json } from '../../../lib/testing/fake-fetch';
import { loadSearchInBrowser } from './search-page.client';

const answer = {
  numFound: 0,
  start: 10,
  rows: 10,
  docs: [],
  facets: {
    type: [],
    topicCategory: [],
    inspireTheme: [],
    keyword: [],
    licence: [],
    organisation: [],
    format: [],
    year: [],
  },
};

function setup(handler: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(handler);
  const client = createHttpClient({
    apiBase: '/api/v1',
    getToken: () => 'token-1',
    fetch: fake.fetch,
  });
  return { client, requests: fake.requests };
}

beforeEach(() => forgetClassifications());

describe('loadSearchInBrowser', () => {
  it('asks the API for the address’s state with the user’s token', async () => {
    const { client, requests } = setup((request) =>
      request.url.includes('/index/search/')
        ? json(answer)
        : errorResponse(404, 'classification.not_found', 'No.'),
    );
    const url = new URL(
      'http://localhost/search?q=Boden%20Sachsen&fq=keyword%3A(Boden%20OR%20%22Digitales%20Gel%C3%A4ndemodell%22)&sort=title%20asc&page=2',
    );
    const data = await loadSearchInBrowser(
      url,
      { apiBase: '/api/v1', classifications: {} },
      client,
    );
    const search = requests.find((request) => request.url.includes('/index/search/'));
    expect(search?.url).toBe(
      '/api/v1/index/search/objects/Boden%20Sachsen/10/10?fq=keyword%3A%28Boden+OR+%22Digitales+Gel%C3%A4ndemodell%22%29&sort=title+asc',
    );
    expect(search?.headers.accesstoken).toBe('token-1');
    expect(data).toMatchObject({
      result: answer,
      failure: null,
      search: url.searchParams.toString(),
    });
    // Classifications that fail leave codes on the page, not an error.
    expect(data.classifications).toEqual({});
  });

  it('keeps the reason of a refused query, so the page can say it in its language', async () => {
    const { client } = setup(() =>
      json(
        {
          status: 400,
          code: 'search.query_invalid',
          message: 'query: A quotation mark is not closed. (at character 1)',
          fields: [
            {
              path: 'query',
              message: 'A quotation mark is not closed.',
              reason: 'unclosedQuote',
              values: {},
              position: 0,
            },
          ],
        },
        400,
      ),
    );
    const data = await loadSearchInBrowser(
      new URL('http://localhost/search?q=%22x'),
      { apiBase: '/api/v1', classifications: {} },
      client,
    );
    expect(data.failure?.problem).toEqual({ reason: 'unclosedQuote', values: {}, position: 0 });
  });

  it('turns a refused query into a failure the page can show', async () => {
    const { client } = setup(() =>
      errorResponse(400, 'search.query_invalid', 'A quotation mark is not closed.'),
    );
    const data = await loadSearchInBrowser(
      new URL('http://localhost/search?q=%22x'),
      { apiBase: '/api/v1', classifications: {} },
      client,
    );
    expect(data.result).toBeNull();
    expect(data.failure).toEqual({
      status: 400,
      code: 'search.query_invalid',
      message: 'A quotation mark is not closed.',
    });
  });
});

describe('clientLoadSearchPage', () => {
  it('marks the server’s answer with the page’s address, not that of the data request', async () => {
    // The API base is learnt once per page: a fresh module is a fresh page.
    vi.resetModules();
    const { clientLoadSearchPage } = await import('./search-page.client');
    const server = {
      apiBase: '/api/v1',
      classifications: {},
      result: answer,
      failure: null,
      // A navigation from another page asks the server with the router's parameters.
      search: 'fq=keyword%3ABoden&_routes=search',
    };
    const data = await clientLoadSearchPage(
      new Request('http://localhost/search?fq=keyword%3ABoden'),
      () => Promise.resolve(server),
    );
    expect(data).toEqual({ ...server, search: 'fq=keyword%3ABoden' });
  });
});
