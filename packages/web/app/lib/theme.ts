import { createTheme } from '@mantine/core';

/** The product's Mantine theme; colours meet WCAG AA contrast in both schemes. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
});
