// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastContainer } from '../../components/layout/toast-container';
import { HttpRequestError } from '../http/http-error';
import { renderWithProviders } from '../testing/render-with-providers';
import { useBusyAction } from './use-busy-action';

/** A button running work the test finishes by hand. */
function Harness({ work }: { work: () => Promise<void> }) {
  const { busy, run } = useBusyAction(work);
  return (
    <>
      <button type="button" onClick={run} aria-busy={busy}>
        Download
      </button>
      <ToastContainer />
    </>
  );
}

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

describe('useBusyAction', () => {
  it('runs once however often it is clicked while busy, and again once done', async () => {
    const started: (() => void)[] = [];
    const work = () => new Promise<void>((resolve) => started.push(resolve));
    renderWithProviders(<Harness work={work} />);
    const button = screen.getByRole('button', { name: 'Download' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(started).toHaveLength(1);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    act(() => started[0]?.());
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'));
    fireEvent.click(button);
    expect(started).toHaveLength(2);
  });

  it('tells a failure in an error toast, and can be tried again', async () => {
    let tries = 0;
    const work = async () => {
      tries += 1;
      throw new HttpRequestError(
        410,
        { status: 410, code: 'command.export_gone', message: 'The export is gone.' },
        'Gone',
      );
    };
    renderWithProviders(<Harness work={work} />);
    const button = screen.getByRole('button', { name: 'Download' });
    fireEvent.click(button);
    expect(await screen.findByText('The export is gone.')).toBeTruthy();
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'));
    fireEvent.click(button);
    expect(tries).toBe(2);
  });
});
