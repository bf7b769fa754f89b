import type { HarvestRun } from '@geoportal/contract/harvester';
import { Badge } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { ProcessStateBadge } from '../../../components/processes/process-state-badge';

/** A run's state as a badge with the processes page's words; "never run" without a run. */
export function RunState({ run }: { run: HarvestRun | null }) {
  if (!run) {
    return (
      <Badge color="gray" variant="outline" tt="none">
        <FormattedMessage id="harvesters.lastRun.never" />
      </Badge>
    );
  }
  return <ProcessStateBadge state={run.state} />;
}
