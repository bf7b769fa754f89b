import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (from @mantine/hooks) as the build uses it (vite.config.ts replaces the
 * library's module with this one). The library's starts with the id React gives, as here,
 * and then sets a random one in a layout effect once mounted, in every component that asks
 * for an id: right after hydration that re-rendered every input, checkbox and pop-over of a
 * page synchronously, in one task (bench:lighthouse, issue 22). React's ids are the same on
 * the server and in the browser, so the first one can stay: the markup is the server's
 * (`mantine-` and React's id without colons), and the ids stay unique.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
