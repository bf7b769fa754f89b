import { useState } from 'react';

/**
 * Whether `opened` has been true at any render so far: a dialog rendered only from then on
 * costs nothing while it has never been opened, and stays mounted afterwards so that it can
 * close with its transition and open again at once.
 *
 * Why not keep every dialog mounted: a closed Mantine modal still mounts its portal, which
 * sets state while React commits. React then renders again in the same task and runs the
 * commit's effects there too, so a page with several dialogs paid for them in one long task
 * right when it became interactive (the editor: three dialogs).
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  // Set during render, as React allows for state derived from props: no extra commit.
  if (opened && !once) setOnce(true);
  return once || opened;
}
