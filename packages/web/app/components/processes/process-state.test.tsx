// @vitest-environment jsdom
import { processStates } from '@geoportal/contract/processes';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { ProcessProgressBar } from './process-progress-bar';
import { ProcessStateBadge } from './process-state-badge';

afterEach(cleanup);

describe('ProcessStateBadge (the processes and harvesters pages alike)', () => {
  it("says every state in the processes page's words", () => {
    renderWithProviders(
      <div>
        {processStates.map((state) => (
          <ProcessStateBadge key={state} state={state} />
        ))}
      </div>,
    );
    for (const word of ['Wartend', 'Läuft', 'Erfolgreich', 'Fehlgeschlagen', 'Abgebrochen']) {
      expect(screen.getByText(word)).toBeTruthy();
    }
  });
});

describe('ProcessProgressBar', () => {
  it('is a progress bar named by the page from the rounded percentage', () => {
    renderWithProviders(
      <ProcessProgressBar
        process={{ progress: 41.6, state: 'running' }}
        label={(value) => `Fortschritt: ${value} %`}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Fortschritt: 42 %' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
  });
});
