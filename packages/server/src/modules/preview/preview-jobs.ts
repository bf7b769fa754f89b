import type { JobKinds } from '../processes/process-job.js';
import { rebuildPreviews } from './preview.service.js';
import { previewCacheOf } from './preview-cache.js';

/** The `preview.rebuild` process kind; the composition root (`job-kinds.ts`) puts it with the others. */
export const previewJobKinds: Pick<JobKinds, 'preview.rebuild'> = {
  'preview.rebuild': {
    maxTries: 2,
    async run(ctx) {
      const result = await rebuildPreviews(ctx.db, ctx.store, previewCacheOf(ctx.config.dataDir), {
        force: ctx.params.force,
        onFile: ({ done, total }) => {
          ctx.progress({ done, total, message: `${done} of ${total} records` });
          ctx.checkpoint();
        },
        onUnavailable: (objectId, path, reason) =>
          ctx.log('warn', `No preview for ${objectId} ${path}: ${reason}`),
      });
      const message = `${result.files} records, ${result.rendered} renditions ready, ${result.unavailable} files without a preview`;
      ctx.log('info', message);
      return { message, result };
    },
  },
};
