import { systemResolve } from '../outbound/outbound.service.js';
import type { JobKinds } from '../processes/process-job.js';
import { getProductVersion } from '../system/git-info.js';
import { checkLinks } from './link-check.js';

/** The `links.check` process kind; the composition root (`job-kinds.ts`) puts it with the others. */
export const linksJobKinds: Pick<JobKinds, 'links.check'> = {
  'links.check': {
    maxTries: 2,
    async run(ctx) {
      const counts = await checkLinks(ctx.db, {
        // The link check asks what a visitor's map would: the map's intranet hosts.
        config: {
          allowPrivate: ctx.config.geo.proxyAllowPrivate,
          proxyTimeoutMs: ctx.config.geo.proxyTimeoutMs,
        },
        resolve: systemResolve,
        userAgent: `Geoportal/${getProductVersion()} (link check)`,
        recordId: ctx.params.recordId,
        signal: ctx.signal,
        now: ctx.now,
        checkpoint: () => ctx.checkpoint(),
        onRecord: ({ done, total }) =>
          ctx.progress({ done, total, message: `${done} of ${total} records checked` }),
        onLink: (recordId, url, probe) => {
          if (probe.status === 'ok') return;
          ctx.log(
            probe.status === 'broken' ? 'error' : 'warn',
            'httpStatus' in probe
              ? `Broken: ${url} of record ${recordId} answered ${probe.httpStatus}`
              : `${probe.status === 'refused' ? 'Refused' : 'Unreachable'}: ${url} of record ${recordId}: ${probe.detail}`,
          );
        },
      });
      if (ctx.params.recordId && counts.records === 0) {
        throw new Error(`There is no record ${ctx.params.recordId}`);
      }
      const message = `${counts.links} links of ${counts.records} records checked: ${counts.ok} ok, ${counts.broken} broken, ${counts.unreachable} unreachable, ${counts.refused} refused`;
      ctx.log(counts.links === counts.ok ? 'info' : 'warn', message);
      return { message, result: counts };
    },
  },
};
