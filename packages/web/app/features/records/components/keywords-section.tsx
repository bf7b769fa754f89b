import type { Metadata } from '@geoportal/contract/object';
import { FormattedMessage } from 'react-intl';
import type { RecordLabels } from '../model/record-labels';
import { type Fact, FactList } from './fact-list';
import { KeywordList } from './keyword-list';
import { RecordSection } from './record-section';

/** Keywords of a classification, grouped by it, in the order of their first appearance. */
function byClassification(keywords: NonNullable<Metadata['classifiedKeywords']>) {
  const groups = new Map<string, string[]>();
  for (const { classification, code } of keywords) {
    groups.set(classification, [...(groups.get(classification) ?? []), code]);
  }
  return groups;
}

/**
 * The keywords part: topic categories, keywords of classifications (e.g. INSPIRE themes)
 * under the classification's name, and free keywords, each group as chips with labels in
 * the page language. Left out when the record has none.
 */
export function KeywordsSection({
  metadata,
  labels,
}: {
  metadata: Metadata;
  labels: RecordLabels;
}) {
  const { topicCategories = [], classifiedKeywords = [], keywords = [] } = metadata;
  const facts: Fact[] = [];
  if (topicCategories.length > 0) {
    facts.push({
      key: 'topicCategories',
      label: <FormattedMessage id="record.keywords.topicCategories" />,
      value: (
        <KeywordList
          keywords={topicCategories.map((code) => ({
            key: code,
            label: labels.label('topicCategory', code),
          }))}
        />
      ),
    });
  }
  for (const [classification, codes] of byClassification(classifiedKeywords)) {
    facts.push({
      key: `classification-${classification}`,
      label: labels.name(classification),
      value: (
        <KeywordList
          keywords={codes.map((code) => ({ key: code, label: labels.label(classification, code) }))}
        />
      ),
    });
  }
  if (keywords.length > 0) {
    facts.push({
      key: 'keywords',
      label: <FormattedMessage id="record.keywords.free" />,
      value: (
        <KeywordList keywords={keywords.map((keyword) => ({ key: keyword, label: keyword }))} />
      ),
    });
  }
  if (facts.length === 0) return null;
  return (
    <RecordSection title={<FormattedMessage id="record.section.keywords" />}>
      <FactList facts={facts} />
    </RecordSection>
  );
}
