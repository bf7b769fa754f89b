import { Pagination } from '@mantine/core';
import { useIntl } from 'react-intl';
import { LAST_PAGE, PAGE_SIZE } from '../model/search-state';

/** Pages of a count of hits (10 a page, SPEC §9), no further than the API serves. */
export function pageCount(numFound: number): number {
  return Math.min(LAST_PAGE, Math.ceil(numFound / PAGE_SIZE));
}

/** Page buttons with names a screen reader can say ("Page 3", "Next page"). */
export function SearchPagination({
  page,
  numFound,
  onChange,
}: {
  page: number;
  numFound: number;
  onChange: (page: number) => void;
}) {
  const intl = useIntl();
  const total = pageCount(numFound);
  if (total <= 1) return null;
  const controlKeys = {
    first: 'search.page.first',
    previous: 'search.page.previous',
    next: 'search.page.next',
    last: 'search.page.last',
  } as const;
  return (
    <nav aria-label={intl.formatMessage({ id: 'search.page.nav' })}>
      <Pagination
        total={total}
        value={Math.min(page, total)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        size="sm"
        getItemProps={(item) => ({
          'aria-label': intl.formatMessage({ id: 'search.page.item' }, { page: item }),
        })}
        getControlProps={(control) => ({
          'aria-label': intl.formatMessage({ id: controlKeys[control] }),
        })}
      />
    </nav>
  );
}
