import { Box, Button, Group } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { pathTo } from '../../../route-paths';
import { exportNameIn, type OutputLine } from '../model/output';
import { ExportDownload } from './export-download';

/** Height of one output line in pixels: rows have one fixed height, so only visible rows render. */
const ROW = 20;
/** Rows rendered above and below the visible ones, so fast scrolling shows no gaps. */
const OVERSCAN = 20;
const HEIGHT = 360;

const colors: Record<OutputLine['level'], string | undefined> = {
  info: undefined,
  warn: 'var(--mantine-color-yellow-text)',
  error: 'var(--mantine-color-red-text)',
  command: 'var(--mantine-color-blue-text)',
};

/**
 * The console's output: only the rows in view are in the page (a stream of 10,000 lines and
 * more stays fast), follows new lines while the reader is at the bottom, and stops following
 * when they scroll up, offering a jump back to the newest line.
 */
export function OutputView({ lines, version }: { lines: readonly OutputLine[]; version: number }) {
  const intl = useIntl();
  const viewport = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const [following, setFollowing] = useState(true);
  const [seen, setSeen] = useState(0);

  const toBottom = useCallback(() => {
    const box = viewport.current;
    if (!box) return;
    box.scrollTop = box.scrollHeight;
    setTop(box.scrollTop);
    setFollowing(true);
  }, []);

  // New lines: stay at the bottom while following; otherwise leave the reader where they are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version marks appended lines
  useLayoutEffect(() => {
    if (following) {
      toBottom();
      setSeen(lines.length);
    }
  }, [version, following, toBottom]);

  useEffect(() => {
    if (lines.length === 0) setSeen(0);
  }, [lines.length]);

  const handleScroll = () => {
    const box = viewport.current;
    if (!box) return;
    setTop(box.scrollTop);
    const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - ROW;
    setFollowing(atBottom);
  };

  const first = Math.max(0, Math.floor(top / ROW) - OVERSCAN);
  const last = Math.min(lines.length, Math.ceil((top + HEIGHT) / ROW) + OVERSCAN);
  const unseen = lines.length - seen;

  return (
    <Box pos="relative">
      <Box
        ref={viewport}
        onScroll={handleScroll}
        role="region"
        tabIndex={0}
        aria-label={intl.formatMessage({ id: 'commands.output.title' })}
        data-testid="command-output"
        data-lines={lines.length}
        h={HEIGHT}
        style={{
          overflow: 'auto',
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontSize: 13,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-body)',
        }}
      >
        {lines.length === 0 ? (
          <Box p="xs" c="dimmed">
            <FormattedMessage id="commands.output.empty" />
          </Box>
        ) : (
          <div
            style={{ height: lines.length * ROW, position: 'relative', minWidth: 'max-content' }}
          >
            {lines.slice(first, last).map((line, i) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: the line's number; lines only append
                key={first + i}
                data-level={line.level}
                style={{
                  position: 'absolute',
                  top: (first + i) * ROW,
                  height: ROW,
                  lineHeight: `${ROW}px`,
                  whiteSpace: 'pre',
                  paddingInline: 8,
                  color: colors[line.level],
                }}
              >
                {line.text}
                <ExportOf text={line.text} />
                {line.processId && (
                  <>
                    {' '}
                    <Link to={`${pathTo('management.processes')}?process=${line.processId}`}>
                      <FormattedMessage id="commands.output.openProcess" />
                    </Link>
                  </>
                )}
              </div>
            ))}
          </div>
        )}
      </Box>
      {!following && (
        <Group justify="flex-end" mt={4}>
          <Button size="xs" variant="light" onClick={toBottom}>
            <FormattedMessage id="commands.output.follow" values={{ count: Math.max(0, unseen) }} />
          </Button>
        </Group>
      )}
    </Box>
  );
}

/** A line that names a command export offers its download after the text. */
function ExportOf({ text }: { text: string }) {
  const name = exportNameIn(text);
  if (!name) return null;
  return (
    <>
      {' '}
      <ExportDownload name={name} />
    </>
  );
}
