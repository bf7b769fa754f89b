import type { Process } from '@geoportal/contract/processes';
import { Progress } from '@mantine/core';
import { processStateColor } from './process-state-badge';

/**
 * The progress bar of a process in its state's colour, moving while it runs. `label` names
 * it for screen readers from the rounded percentage (each page says what is progressing).
 */
export function ProcessProgressBar({
  process,
  label,
}: {
  process: Pick<Process, 'progress' | 'state'>;
  label: (value: number) => string;
}) {
  const value = Math.round(process.progress);
  const running = process.state === 'running';
  return (
    <Progress.Root>
      {/* The section is the element with role progressbar, so it carries the name. */}
      <Progress.Section
        value={value}
        color={processStateColor[process.state]}
        striped={running}
        animated={running}
        aria-label={label(value)}
      />
    </Progress.Root>
  );
}
