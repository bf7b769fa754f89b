import type { JobKinds } from '../processes/process-job.js';
import { checkFixity } from './fixity.js';

/** The `files.fixity` process kind; the composition root (`job-kinds.ts`) puts it with the others. */
export const filesJobKinds: Pick<JobKinds, 'files.fixity'> = {
  'files.fixity': {
    maxTries: 2,
    async run(ctx) {
      const outcome = await checkFixity(ctx.db, ctx.store, {
        onBlob: ({ done, total }) => {
          ctx.progress({ done, total, message: `${done} of ${total} files checked` });
          ctx.checkpoint();
        },
        onProblem: (p) =>
          ctx.log(
            'error',
            p.problem === 'missing'
              ? `Missing: blob ${p.sha256} has no bytes on disk`
              : `Changed: blob ${p.sha256} now hashes to ${p.actual?.sha256} (${p.actual?.size} bytes)`,
          ),
      });
      const missing = outcome.problems.filter((p) => p.problem === 'missing').length;
      const mismatched = outcome.problems.length - missing;
      const message = `${outcome.checked} files checked: ${mismatched} changed, ${missing} missing`;
      ctx.log(outcome.problems.length ? 'warn' : 'info', message);
      return { message, result: { checked: outcome.checked, problems: outcome.problems } };
    },
  },
};
