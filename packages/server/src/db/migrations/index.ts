import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-seed-run.js';
import * as m0002 from './0002-access.js';
import * as m0003 from './0003-objects.js';
import * as m0004 from './0004-classifications.js';
import * as m0005 from './0005-files.js';
import * as m0006 from './0006-server-secret.js';
import * as m0007 from './0007-search.js';
import * as m0008 from './0008-search-pairs.js';
import * as m0009 from './0009-login-throttle.js';
import * as m0010 from './0010-search-readers-review.js';
import * as m0011 from './0011-object-file-identifier.js';
import * as m0012 from './0012-users.js';
import * as m0013 from './0013-processes.js';
import * as m0014 from './0014-search-service-hosts.js';
import * as m0017 from './0017-record-links.js';
import * as m0019 from './0019-oai-visibility.js';
import * as m0020 from './0020-harvest.js';
import * as m0022 from './0022-harvest-listed-id.js';
import * as m0023 from './0023-grants-by-account.js';
import * as m0024 from './0024-harvest-ownership.js';
import * as m0025 from './0025-process-dedupe-key.js';

/**
 * Every migration in the order it runs. Listed by hand rather than read from the folder so
 * that the built server needs no file-system scan and a missing file fails the type check.
 * Names are never changed once released.
 */
export const migrations: Record<string, Migration> = {
  '0001-seed-run': m0001,
  '0002-access': m0002,
  '0003-objects': m0003,
  '0004-classifications': m0004,
  '0005-files': m0005,
  '0006-server-secret': m0006,
  '0007-search': m0007,
  '0008-search-pairs': m0008,
  '0009-login-throttle': m0009,
  '0010-search-readers-review': m0010,
  '0011-object-file-identifier': m0011,
  '0012-users': m0012,
  '0013-processes': m0013,
  '0014-search-service-hosts': m0014,
  '0017-record-links': m0017,
  '0019-oai-visibility': m0019,
  '0020-harvest': m0020,
  '0022-harvest-listed-id': m0022,
  '0023-grants-by-account': m0023,
  '0024-harvest-ownership': m0024,
  '0025-process-dedupe-key': m0025,
};
