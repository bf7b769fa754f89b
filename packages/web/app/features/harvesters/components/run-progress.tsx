import type { Process } from '@geoportal/contract/processes';
import { Progress } from '@mantine/core';
import { useIntl } from 'react-intl';
import { runStateColor } from '../model/run-format';

/** The live progress bar of a running harvest, named for screen readers by its value. */
export function RunProgress({ process }: { process: Process }) {
  const intl = useIntl();
  const value = Math.round(process.progress);
  const running = process.state === 'running';
  return (
    <Progress.Root>
      {/* The section is the element with role progressbar, so it carries the name. */}
      <Progress.Section
        value={value}
        color={runStateColor[process.state]}
        striped={running}
        animated={running}
        aria-label={intl.formatMessage({ id: 'harvesters.progress' }, { value })}
      />
    </Progress.Root>
  );
}
