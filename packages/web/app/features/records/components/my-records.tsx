import type { ObjectState } from '@geoportal/contract/object';
import { objectStates } from '@geoportal/contract/object-rules';
import { Anchor, Button, Group, Tabs } from '@mantine/core';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { pathTo } from '../../../route-paths';
import type { RecordListQuery } from '../api/list-records';
import { useRecordCounts } from '../hooks/use-record-counts';
import { ManagedRecords } from './managed-records';
import { RecordList } from './record-list';
import { reviewQuery } from './review-queue';

/** A tab of the page: one of the own records' states, or every record an editor manages. */
export type MineTab = ObjectState | 'all';

/** What a tab lists: the own records in its state, or every record (counted, unfiltered). */
const tabQuery = (tab: MineTab): RecordListQuery =>
  tab === 'all' ? {} : { owner: 'me', state: tab };

/** The tab named in the address (`?tab=`), else the first one. */
export function tabOf(value: string | null, tabs: readonly MineTab[]): MineTab {
  const found = tabs.find((tab) => tab === value);
  return found ?? tabs[0] ?? 'draft';
}

export interface MyRecordsProps {
  /** Editors and administrators also get every record they manage and the review queue. */
  reviewer: boolean;
  /** Publishers get links to create a record. */
  publisher: boolean;
}

/**
 * The signed-in user's records by workflow state, one tab each, and for editors and
 * administrators a tab of every record they manage (filtered by state and owner) and a link
 * to the review queue, which has a page of its own. The tab is part of the address, so it
 * survives a reload and the back button. "Delete" follows the policy (DESIGN §5): the lists
 * hold the user's own records, which they may delete while drafts, and reviewers (editors,
 * administrators) may delete any record; the server decides again.
 */
export function MyRecords({ reviewer, publisher }: MyRecordsProps) {
  const [params, setParams] = useSearchParams();
  const tabs: MineTab[] = [...objectStates, ...(reviewer ? (['all'] as const) : [])];
  const active = tabOf(params.get('tab'), tabs);
  const intl = useIntl();
  // The tabs' counts, and the review queue's for the link to its page.
  const counted: Partial<Record<MineTab | 'review', RecordListQuery>> = Object.fromEntries(
    tabs.map((tab) => [tab, tabQuery(tab)]),
  );
  if (reviewer) counted.review = reviewQuery;
  const counts = useRecordCounts(counted as Record<MineTab | 'review', RecordListQuery>);
  const createLink = publisher ? (
    <Anchor component={Link} to={pathTo('metadata.create')}>
      <FormattedMessage id="mine.createLink" />
    </Anchor>
  ) : undefined;

  return (
    <>
      {(publisher || reviewer) && (
        <Group mb="md">
          {publisher && (
            <Button component={Link} to={pathTo('metadata.create')}>
              <FormattedMessage id="mine.create" />
            </Button>
          )}
          {reviewer && (
            <Button component={Link} to={pathTo('metadata.review')} variant="default">
              {counts.review === undefined ? (
                <FormattedMessage id="mine.reviewLink" />
              ) : (
                <FormattedMessage id="mine.reviewLinkCount" values={{ count: counts.review }} />
              )}
            </Button>
          )}
        </Group>
      )}
      <Tabs
        value={active}
        // A new tab starts without the filters of the "all records" tab.
        onChange={(value) => setParams(value ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {tabLabel(intl, tab, counts[tab])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            {tab === 'all' ? (
              <ManagedRecords />
            ) : (
              <RecordList
                query={tabQuery(tab)}
                emptyKey={`mine.empty.${tab}`}
                emptyAction={tab === 'draft' ? createLink : undefined}
                canDelete={(entry) => reviewer || entry.state === 'draft'}
              />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

/** A tab's name, with how many records it lists once that is known. */
function tabLabel(intl: IntlShape, tab: MineTab, count: number | undefined): string {
  const label = intl.formatMessage({ id: tab === 'all' ? 'mine.tab.all' : `state.${tab}` });
  return count === undefined
    ? label
    : intl.formatMessage({ id: 'mine.tab.count' }, { label, count });
}
