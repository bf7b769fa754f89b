// @vitest-environment jsdom
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { AbstractText, paragraphsOf } from './abstract-text';

afterEach(cleanup);

describe('paragraphsOf', () => {
  it('splits at blank lines and keeps single line breaks', () => {
    expect(paragraphsOf('One\r\nline two\n\n \nThree\n\n\n')).toEqual([
      ['One', 'line two'],
      ['Three'],
    ]);
    expect(paragraphsOf('   ')).toEqual([]);
  });
});

describe('AbstractText', () => {
  it('renders paragraphs and line breaks', () => {
    const { container } = renderWithProviders(<AbstractText text={'A\nB\n\nC'} />);
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]?.innerHTML).toBe('A<br>B');
    expect(paragraphs[1]?.textContent).toBe('C');
  });

  it('shows markup as text and never interprets it', () => {
    const text = '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)"> **bold** & <b>b</b>';
    const { container } = renderWithProviders(<AbstractText text={text} lang="en" />);
    expect(container.querySelector('script, img, b, strong')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('<img src=x onerror="alert(2)"> **bold** & <b>b</b>');
    expect(container.innerHTML).toContain('&lt;script&gt;');
    expect(container.querySelector('div[lang]')?.getAttribute('lang')).toBe('en');
  });
});
