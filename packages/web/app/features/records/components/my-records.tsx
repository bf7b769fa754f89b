import { type ObjectState, objectStates } from '@geoportal/contract/object';
import { Anchor, Button, Group, Tabs } from '@mantine/core';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { pathTo } from '../../../route-paths';
import type { RecordListQuery } from '../api/list-records';
import { useRecordCounts } from '../hooks/use-record-counts';
import { RecordList } from './record-list';

/** A tab of the page: one of the own records' states, or the editors' review queue. */
export type MineTab = ObjectState | 'review';

/** What a tab lists: the own records in its state, or every submitted record to review. */
const tabQuery = (tab: MineTab): RecordListQuery =>
  tab === 'review' ? { state: 'submitted' } : { owner: 'me', state: tab };

/** The tab named in the address (`?tab=`), else the first one. */
export function tabOf(value: string | null, tabs: readonly MineTab[]): MineTab {
  const found = tabs.find((tab) => tab === value);
  return found ?? tabs[0] ?? 'draft';
}

export interface MyRecordsProps {
  /** Editors and administrators also get the review queue. */
  reviewer: boolean;
  /** Publishers get links to create a record. */
  publisher: boolean;
}

/**
 * The signed-in user's records by workflow state, one tab each, and for editors and
 * administrators the review queue: every submitted record they may review. The tab is part
 * of the address, so it survives a reload and the back button. "Delete" follows the policy
 * (DESIGN §5): the lists hold the user's own records, which they may delete while drafts,
 * and reviewers (editors, administrators) may delete any record; the server decides again.
 */
export function MyRecords({ reviewer, publisher }: MyRecordsProps) {
  const [params, setParams] = useSearchParams();
  const tabs: MineTab[] = [...objectStates, ...(reviewer ? (['review'] as const) : [])];
  const active = tabOf(params.get('tab'), tabs);
  const intl = useIntl();
  const counts = useRecordCounts(
    Object.fromEntries(tabs.map((tab) => [tab, tabQuery(tab)])) as Record<MineTab, RecordListQuery>,
  );
  const createLink = publisher ? (
    <Anchor component={Link} to={pathTo('metadata.create')}>
      <FormattedMessage id="mine.createLink" />
    </Anchor>
  ) : undefined;

  return (
    <>
      {publisher && (
        <Group mb="md">
          <Button component={Link} to={pathTo('metadata.create')}>
            <FormattedMessage id="mine.create" />
          </Button>
        </Group>
      )}
      <Tabs
        value={active}
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
            <RecordList
              query={tabQuery(tab)}
              emptyKey={`mine.empty.${tab}`}
              showOwner={tab === 'review'}
              emptyAction={tab === 'draft' ? createLink : undefined}
              canDelete={(entry) => reviewer || entry.state === 'draft'}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

/** A tab's name, with how many records it lists once that is known. */
function tabLabel(intl: IntlShape, tab: MineTab, count: number | undefined): string {
  const label = intl.formatMessage({ id: tab === 'review' ? 'mine.tab.review' : `state.${tab}` });
  return count === undefined
    ? label
    : intl.formatMessage({ id: 'mine.tab.count' }, { label, count });
}
