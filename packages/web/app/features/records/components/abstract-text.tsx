import { Anchor, Blockquote, Code, List, Text } from '@mantine/core';
import { Lexer, type Token, type Tokens } from 'marked';
import type { ReactNode } from 'react';

/** Link targets that may become links; anything else (javascript:, data:) stays text. */
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))/i;

/**
 * A record's abstract, written in Markdown, shown as React elements built from the parsed
 * tokens. Nothing is ever inserted as HTML: raw HTML in the text appears as text, and links
 * other than http(s), mailto and site paths stay plain text. That makes it safe by
 * construction, without a sanitiser.
 */
export function AbstractText({ text, lang }: { text: string; lang?: string }) {
  const tokens = new Lexer({ gfm: true }).lex(text.replace(/\r\n?/g, '\n'));
  return <div lang={lang}>{blocks(tokens)}</div>;
}

function blocks(tokens: Token[]): ReactNode[] {
  return tokens.map((token, index) => block(token, index));
}

function block(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'paragraph':
      return (
        <Text component="p" key={key} mb="sm">
          {inline((token as Tokens.Paragraph).tokens)}
        </Text>
      );
    case 'heading':
      // Headings inside an abstract must not break the page's outline: bold paragraphs.
      return (
        <Text component="p" fw={700} key={key} mb="xs">
          {inline((token as Tokens.Heading).tokens)}
        </Text>
      );
    case 'list': {
      const list = token as Tokens.List;
      return (
        <List key={key} type={list.ordered ? 'ordered' : 'unordered'} mb="sm" withPadding>
          {list.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items of a fixed text
            <List.Item key={i}>{blocksOrInline(item.tokens)}</List.Item>
          ))}
        </List>
      );
    }
    case 'blockquote':
      return (
        <Blockquote key={key} mb="sm" p="sm">
          {blocks((token as Tokens.Blockquote).tokens)}
        </Blockquote>
      );
    case 'code':
      return (
        <Code block key={key} mb="sm">
          {(token as Tokens.Code).text}
        </Code>
      );
    case 'space':
    case 'hr':
      return null;
    default:
      // Raw HTML, tables and the rest: their source as text.
      return (
        <Text component="p" key={key} mb="sm">
          {token.raw.trim()}
        </Text>
      );
  }
}

/** List items hold either inline text or block tokens. */
function blocksOrInline(tokens: Token[]): ReactNode {
  return tokens.every(
    (t) => t.type === 'text' && !('tokens' in t && t.tokens?.some((c) => c.type !== 'text')),
  )
    ? inline(tokens)
    : tokens.map((t, i) =>
        t.type === 'text' ? inline((t as Tokens.Text).tokens ?? [t], i) : block(t, i),
      );
}

function inline(tokens: Token[] | undefined, keyBase = 0): ReactNode[] {
  return (tokens ?? []).map((token, index) => {
    const key = `${keyBase}-${index}`;
    switch (token.type) {
      case 'strong':
        return <strong key={key}>{inline((token as Tokens.Strong).tokens)}</strong>;
      case 'em':
        return <em key={key}>{inline((token as Tokens.Em).tokens)}</em>;
      case 'del':
        return <del key={key}>{inline((token as Tokens.Del).tokens)}</del>;
      case 'codespan':
        return <Code key={key}>{(token as Tokens.Codespan).text}</Code>;
      case 'br':
        return <br key={key} />;
      case 'link': {
        const link = token as Tokens.Link;
        if (!SAFE_HREF.test(link.href)) return <span key={key}>{inline(link.tokens)}</span>;
        const external = /^https?:\/\//i.test(link.href);
        return (
          <Anchor key={key} href={link.href} {...(external ? { rel: 'noopener noreferrer' } : {})}>
            {inline(link.tokens)}
          </Anchor>
        );
      }
      case 'text': {
        const text = token as Tokens.Text;
        return text.tokens ? <span key={key}>{inline(text.tokens)}</span> : decode(text.text);
      }
      case 'escape':
        return (token as Tokens.Escape).text;
      default:
        // Inline HTML and images: their source as text.
        return token.raw;
    }
  });
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** marked escapes text for HTML output; React escapes again, so undo marked's escapes. */
function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => entities[name] ?? '');
}
