import type { Process } from '@geoportal/contract/processes';
import { Progress } from '@mantine/core';
import { useIntl } from 'react-intl';
import { kindKey, stateColor } from '../model/format';

/** The progress bar of a process, named for screen readers by its kind and value. */
export function ProcessProgress({ process }: { process: Process }) {
  const intl = useIntl();
  const value = Math.round(process.progress);
  const kind = intl.formatMessage({ id: kindKey(process.kind), defaultMessage: process.kind });
  return (
    <Progress.Root>
      {/* The section is the element with role progressbar, so it carries the name. */}
      <Progress.Section
        value={value}
        color={stateColor[process.state]}
        striped={process.state === 'running'}
        animated={process.state === 'running'}
        aria-label={intl.formatMessage({ id: 'processes.progress.label' }, { kind, value })}
      />
    </Progress.Root>
  );
}
