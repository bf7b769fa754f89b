import type { Process } from '@geoportal/contract/processes';
import { useIntl } from 'react-intl';
import { ProcessProgressBar } from '../../../components/processes/process-progress-bar';

/** The live progress bar of a running harvest, named for screen readers by its value. */
export function RunProgress({ process }: { process: Process }) {
  const intl = useIntl();
  return (
    <ProcessProgressBar
      process={process}
      label={(value) => intl.formatMessage({ id: 'harvesters.progress' }, { value })}
    />
  );
}
