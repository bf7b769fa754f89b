import {
  contentPagePath,
  HOME_PATH,
  recordPagePath,
  SEARCH_PATH,
} from '@geoportal/contract/public-pages';
import { describe, expect, it } from 'vitest';
import { pathTo } from './route-paths';

describe('the public pages the server links to (sitemap, OAI-PMH)', () => {
  it('are the paths the route table builds', () => {
    expect(HOME_PATH).toBe(pathTo('home'));
    expect(SEARCH_PATH).toBe(pathTo('search'));
    for (const id of ['record-0000000001', 'a_b-C9xyzw12']) {
      expect(recordPagePath(id)).toBe(pathTo('metadata.record', { id }));
    }
    for (const fileName of ['legal', 'accessibility', 'privacy-2']) {
      expect(contentPagePath(fileName)).toBe(pathTo('content.static', { fileName }));
    }
  });
});
