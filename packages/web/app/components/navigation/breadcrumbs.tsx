import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, type UIMatch, useMatches } from 'react-router';
import { pathTo } from '../../route-paths';

/** Labels longer than this are cut with an ellipsis (SPEC §2, §9). */
export const BREADCRUMB_LABEL_LIMIT = 50;

/**
 * A route module's breadcrumb: a translation key, or a function of the route's loader data
 * that answers the label itself (for records and pages with their own titles).
 */
export type BreadcrumbHandle = string | ((data: unknown) => string | undefined);

export interface Crumb {
  label: string;
  to: string;
}

/** Cuts a label over 50 characters to 49 plus an ellipsis. */
export function cutLabel(label: string): string {
  return label.length > BREADCRUMB_LABEL_LIMIT
    ? `${label.slice(0, BREADCRUMB_LABEL_LIMIT - 1)}…`
    : label;
}

/**
 * The trail of the current page: the map (home) first, then every matched route with a
 * breadcrumb, without repeating a label.
 */
export function crumbsOf(matches: readonly UIMatch[], translate: (id: string) => string): Crumb[] {
  const crumbs: Crumb[] = [{ label: translate('route.home'), to: pathTo('home') }];
  for (const match of matches) {
    const handle = (match.handle as { breadcrumb?: BreadcrumbHandle } | undefined)?.breadcrumb;
    if (!handle || match.id === 'home') continue;
    const label = typeof handle === 'function' ? handle(match.loaderData) : translate(handle);
    if (!label || crumbs.at(-1)?.label === label) continue;
    crumbs.push({ label, to: match.pathname });
  }
  return crumbs;
}

/** Breadcrumbs, shown only when there is more than one entry (SPEC §2). */
export function Breadcrumbs() {
  const intl = useIntl();
  const crumbs = crumbsOf(useMatches(), (id) => intl.formatMessage({ id }));
  if (crumbs.length < 2) return null;
  return (
    <nav aria-label={intl.formatMessage({ id: 'nav.breadcrumbs' })}>
      <MantineBreadcrumbs
        px="md"
        pt="sm"
        separatorMargin={6}
        styles={{ root: { flexWrap: 'wrap' } }}
      >
        {crumbs.map((crumb, index) => {
          const short = cutLabel(crumb.label);
          const cut = short !== crumb.label;
          const last = index === crumbs.length - 1;
          const content = cut ? (
            <>
              <span aria-hidden="true">{short}</span>
              <span className="visually-hidden-focusable">{crumb.label}</span>
            </>
          ) : (
            crumb.label
          );
          return last ? (
            <Text
              key={crumb.to}
              size="sm"
              aria-current="page"
              title={cut ? crumb.label : undefined}
            >
              {content}
            </Text>
          ) : (
            <Anchor
              key={crumb.to}
              component={Link}
              to={crumb.to}
              size="sm"
              title={cut ? crumb.label : undefined}
            >
              {content}
            </Anchor>
          );
        })}
      </MantineBreadcrumbs>
    </nav>
  );
}
