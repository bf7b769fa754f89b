import { useEffect, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { type ActivityCounter, pageActivity } from '../../lib/progress/activity';
import classes from './loading-bar.module.css';

/** The loading bar's timing (SPEC §9: red, starts at 2 %, no latency threshold, 250 ms ticks). */
export const loadingBarRules = {
  startPercent: 2,
  tickMs: 250,
  /** The bar never claims to be done before the work is: it creeps towards this value. */
  maxPercent: 95,
  /** Each tick covers this share of the distance left to `maxPercent` (fast, then slower). */
  tickShare: 0.1,
  /** From 100 % until the bar is gone: the width transition, then the fade (CSS module). */
  finishMs: 500,
} as const;

/** The next value of a running bar: a share of the remaining distance to the maximum. */
export function nextPercent(percent: number): number {
  const { maxPercent, tickShare } = loadingBarRules;
  return percent + (maxPercent - percent) * tickShare;
}

type BarState = { percent: number; finishing: boolean } | null;

/**
 * A thin red bar at the top of the window while `counter` (default: every request and route
 * load of the page) has work in flight (SPEC §2). It appears at once at 2 %, moves every
 * 250 ms towards 95 %, and when the work ends it fills to 100 % and fades out. The server
 * and the hydration render show nothing, so the markup always matches.
 */
export function LoadingBar({ counter = pageActivity }: { counter?: ActivityCounter }) {
  const intl = useIntl();
  const active = useSyncExternalStore(
    counter.subscribe,
    () => counter.getSnapshot() > 0,
    () => false,
  );
  const [state, setState] = useState<BarState>(null);

  useEffect(() => {
    if (active) {
      setState({ percent: loadingBarRules.startPercent, finishing: false });
      const ticker = setInterval(() => {
        setState((current) =>
          current ? { percent: nextPercent(current.percent), finishing: false } : current,
        );
      }, loadingBarRules.tickMs);
      return () => clearInterval(ticker);
    }
    // Work ended: a visible bar completes and fades; a hidden one stays hidden.
    setState((current) => (current ? { percent: 100, finishing: true } : current));
    const hide = setTimeout(() => setState(null), loadingBarRules.finishMs);
    return () => clearTimeout(hide);
  }, [active]);

  if (!state) return null;
  return (
    <div
      className={classes.track}
      data-finishing={state.finishing || undefined}
      role="progressbar"
      aria-label={intl.formatMessage({ id: 'progress.bar' })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.percent)}
    >
      <div className={classes.bar} style={{ width: `${state.percent}%` }} />
    </div>
  );
}
