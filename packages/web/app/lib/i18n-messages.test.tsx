// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ICU messages (SPEC §8, §9)', () => {
  it('a message that fails to compile is logged and shown raw', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <IntlProvider locale="de" defaultLocale="de" messages={{ broken: 'Hallo {name' }}>
        <FormattedMessage id="broken" values={{ name: 'Ada' }} />
      </IntlProvider>,
    );
    expect(screen.getByText('Hallo {name')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it('plural and select messages format in the page language', () => {
    render(
      <IntlProvider
        locale="de"
        defaultLocale="de"
        messages={{ hits: '{n, plural, one {# Treffer} other {# Treffer}} für {q}' }}
      >
        <FormattedMessage id="hits" values={{ n: 1234, q: 'Wald' }} />
      </IntlProvider>,
    );
    expect(screen.getByText('1.234 Treffer für Wald')).toBeTruthy();
  });
});
