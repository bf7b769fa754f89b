// @vitest-environment jsdom
import { Button } from '@mantine/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers, renderWithProviders } from '../../lib/testing/render-with-providers';
import { DeferredMenu } from './deferred-menu';

afterEach(cleanup);

function SchemeMenu({ onChoose }: { onChoose: (value: string) => void }) {
  return (
    <DeferredMenu trigger={<Button aria-label="Farbschema">F</Button>}>
      {(menus, target) => (
        <menus.ChoiceMenu
          target={target}
          choices={[
            { value: 'light', label: 'Hell' },
            { value: 'dark', label: 'Dunkel' },
          ]}
          current="light"
          onChoose={onChoose}
        />
      )}
    </DeferredMenu>
  );
}

describe('DeferredMenu', () => {
  it('renders a plain, closed menu button on the server', () => {
    const html = renderToString(
      <Providers>
        <SchemeMenu onChoose={() => {}} />
      </Providers>,
    );
    expect(html).toContain('aria-label="Farbschema"');
    expect(html).toContain('aria-haspopup="menu"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain('menuitem');
  });

  it('opens the loaded menu on the first press and keeps the focus on the button', async () => {
    const onChoose = vi.fn();
    renderWithProviders(<SchemeMenu onChoose={onChoose} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Farbschema' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Dunkel' }));
    expect(onChoose).toHaveBeenCalledWith('dark');
    // The button that replaced the plain one has the focus back once the menu has closed.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Farbschema' })),
    );
    // Later presses open it at once.
    await user.click(screen.getByRole('button', { name: 'Farbschema' }));
    expect(await screen.findByRole('menuitem', { name: 'Hell' })).toBeTruthy();
  });
});
