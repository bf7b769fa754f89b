import type { ProcessState } from '@geoportal/contract/processes';
import { Badge } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/**
 * The colour of a process state. A harvest run is a process, so the harvesters pages use the
 * same colours and words as the processes page and both read alike.
 */
export const processStateColor: Record<ProcessState, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  canceled: 'orange',
};

/** A process's (or harvest run's) state as a dot badge with the processes page's words. */
export function ProcessStateBadge({ state }: { state: ProcessState }) {
  return (
    <Badge color={processStateColor[state]} variant="dot" tt="none">
      <FormattedMessage id={`processes.state.${state}`} />
    </Badge>
  );
}
