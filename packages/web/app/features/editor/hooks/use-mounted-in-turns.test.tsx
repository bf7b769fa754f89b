// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useMountedInTurns } from './use-mounted-in-turns';

/** Records the count of every committed render. */
function Parts({ total, first, commits }: { total: number; first?: number; commits: number[] }) {
  const mounted = useMountedInTurns(total, first);
  useEffect(() => {
    commits.push(mounted);
  });
  return <p>{mounted}</p>;
}

describe('useMountedInTurns', () => {
  it('mounts one part first, then one more per committed render, up to all', async () => {
    const commits: number[] = [];
    await act(async () => {
      render(<Parts total={4} commits={commits} />);
    });
    expect(commits).toEqual([1, 2, 3, 4]);
  });

  it('starts from the number asked for', async () => {
    const commits: number[] = [];
    await act(async () => {
      render(<Parts total={2} first={0} commits={commits} />);
    });
    expect(commits).toEqual([0, 1, 2]);
  });

  it('mounts nothing when there is nothing, and stays at the total', async () => {
    const none: number[] = [];
    const one: number[] = [];
    await act(async () => {
      render(<Parts total={0} commits={none} />);
      render(<Parts total={1} commits={one} />);
    });
    expect(none).toEqual([0]);
    expect(one).toEqual([1]);
  });
});
