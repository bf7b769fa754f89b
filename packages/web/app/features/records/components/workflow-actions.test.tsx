// @vitest-environment jsdom
import type { ObjectDetailed } from '@geoportal/contract/object';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, json } from '../../../lib/testing/fake-fetch';
import { editor } from '../../../lib/testing/fixtures';
import { bodyOf } from '../../../lib/testing/render-app';
import { showToast } from '../../../lib/toast';
import { draft, renderRecords } from '../testing/render-records';
import { WorkflowActions } from './workflow-actions';

// Toasts are checked as calls: the notification container is the root's business.
vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

const submitted: ObjectDetailed = {
  ...draft,
  state: 'submitted',
  permissions: { ...draft.permissions, transitions: ['published', 'draft'] },
};
const statePath = `PUT /object/${draft.id}/state`;

beforeEach(() => vi.mocked(showToast).mockClear());
afterEach(cleanup);

describe('WorkflowActions', () => {
  it('offers exactly the steps the server allows', () => {
    renderRecords(<WorkflowActions record={submitted} isOwner={false} onChanged={vi.fn()} />, {
      principal: editor,
    });
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Veröffentlichen', 'Zur Überarbeitung zurückgeben']);
  });

  it('shows nothing when no step is allowed', () => {
    const record = { ...draft, permissions: { ...draft.permissions, transitions: [] } };
    renderRecords(<WorkflowActions record={record} isOwner onChanged={vi.fn()} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  /** Clicks the step's button, then the dialog's confirm button of the same name. */
  const confirmStep = async (name: string) => {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name }));
    await screen.findByRole('dialog', { name });
    await user.click(screen.getAllByRole('button', { name }).at(-1) as HTMLElement);
  };

  it('submits a draft without a comment, confirms with a toast and reloads', async () => {
    const onChanged = vi.fn();
    const { sent } = renderRecords(
      <WorkflowActions record={draft} isOwner onChanged={onChanged} />,
      {
        routes: { [statePath]: () => json({ ...draft, state: 'submitted' }) },
      },
    );
    await confirmStep('Zur Prüfung einreichen');
    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(bodyOf(sent('PUT')[0])).toEqual({ state: 'submitted' });
    expect(showToast).toHaveBeenCalledWith(
      'success',
      'Erfolg',
      'Der Datensatz wurde zur Prüfung eingereicht.',
    );
  });

  it('sends an optional comment with submitting and publishing', async () => {
    const onChanged = vi.fn();
    const { sent } = renderRecords(
      <WorkflowActions record={submitted} isOwner={false} onChanged={onChanged} />,
      { principal: editor, routes: { [statePath]: () => json({ ...draft, state: 'published' }) } },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Veröffentlichen' });
    expect(screen.getByText('Optional. Der Kommentar erscheint im Verlauf.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Kommentar/ }), 'Geprüft, danke');
    await user.click(
      screen.getAllByRole('button', { name: 'Veröffentlichen' }).at(-1) as HTMLElement,
    );
    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(bodyOf(sent('PUT')[0])).toEqual({ state: 'published', comment: 'Geprüft, danke' });
    expect(dialog.isConnected).toBe(false);
  });

  it('asks an editor for a comment before returning a submission', async () => {
    const onChanged = vi.fn();
    const { sent } = renderRecords(
      <WorkflowActions record={submitted} isOwner={false} onChanged={onChanged} />,
      { principal: editor, routes: { [statePath]: () => json({ ...draft }) } },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Zur Überarbeitung zurückgeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zur Überarbeitung zurückgeben' });
    const confirm = screen.getAllByRole('button', { name: 'Zur Überarbeitung zurückgeben' }).at(-1);
    await user.click(confirm as HTMLElement);
    expect(screen.getByText('Geben Sie einen Kommentar ein.')).toBeTruthy();
    expect(sent('PUT')).toEqual([]);
    await user.type(
      screen.getByRole('textbox', { name: /Kommentar/ }),
      'Bitte Ausdehnung ergänzen',
    );
    await user.click(confirm as HTMLElement);
    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(bodyOf(sent('PUT')[0])).toEqual({
      state: 'draft',
      comment: 'Bitte Ausdehnung ergänzen',
    });
    expect(dialog.isConnected).toBe(false);
  });

  it('lets the owner take a submission back without a comment', async () => {
    const owned = {
      ...submitted,
      permissions: { ...submitted.permissions, transitions: ['draft' as const] },
    };
    const { sent } = renderRecords(<WorkflowActions record={owned} isOwner onChanged={vi.fn()} />, {
      routes: { [statePath]: () => json({ ...draft }) },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Einreichung zurücknehmen' }));
    await screen.findByRole('dialog');
    const buttons = screen.getAllByRole('button', { name: 'Einreichung zurücknehmen' });
    await user.click(buttons.at(-1) as HTMLElement);
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(bodyOf(sent('PUT')[0])).toEqual({ state: 'draft' });
  });

  it('shows the server’s refusal as a translated error and keeps the record', async () => {
    const onChanged = vi.fn();
    renderRecords(<WorkflowActions record={draft} isOwner onChanged={onChanged} />, {
      routes: {
        [statePath]: () => errorResponse(400, 'object.incomplete', 'The record is incomplete.'),
      },
    });
    await confirmStep('Zur Prüfung einreichen');
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'error',
        'Fehler',
        'Der Datensatz ist noch unvollständig. Ergänzen Sie die markierten Angaben.',
      ),
    );
    expect(onChanged).not.toHaveBeenCalled();
  });
});
