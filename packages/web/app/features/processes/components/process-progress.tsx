import type { Process } from '@geoportal/contract/processes';
import { useIntl } from 'react-intl';
import { ProcessProgressBar } from '../../../components/processes/process-progress-bar';
import { kindKey } from '../model/format';

/** The progress bar of a process, named for screen readers by its kind and value. */
export function ProcessProgress({ process }: { process: Process }) {
  const intl = useIntl();
  const kind = intl.formatMessage({ id: kindKey(process.kind), defaultMessage: process.kind });
  return (
    <ProcessProgressBar
      process={process}
      label={(value) => intl.formatMessage({ id: 'processes.progress.label' }, { kind, value })}
    />
  );
}
