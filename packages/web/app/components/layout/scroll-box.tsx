import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table wider than a phone scrolls sideways inside this box. The box takes the keyboard
 * focus and has a name, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollBox({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
