import type { Metadata } from '@geoportal/contract/object';
import { FormattedMessage } from 'react-intl';
import { searchLink } from '../../../lib/search/search-link';
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
 * The search for a keyword of a classification: its facet for topic categories and INSPIRE
 * themes (the search's facets of codes), else the label as a text (the index holds the labels
 * of every classification's keywords).
 */
function classifiedLink(classification: string, code: string, label: string): string {
  if (classification === 'topicCategory' || classification === 'inspireTheme') {
    return searchLink({ field: classification, value: code });
  }
  return searchLink({ text: label });
}

/**
 * The keywords part: topic categories, keywords of classifications (e.g. INSPIRE themes)
 * under the classification's name, and free keywords, each group as chips with labels in
 * the page language, each linking to the search for records with the same keyword. Left out
 * when the record has none.
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
          keywords={topicCategories.map((code) => {
            const label = labels.label('topicCategory', code);
            return { key: code, label, href: classifiedLink('topicCategory', code, label) };
          })}
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
          keywords={codes.map((code) => {
            const label = labels.label(classification, code);
            return { key: code, label, href: classifiedLink(classification, code, label) };
          })}
        />
      ),
    });
  }
  if (keywords.length > 0) {
    facts.push({
      key: 'keywords',
      label: <FormattedMessage id="record.keywords.free" />,
      value: (
        <KeywordList
          keywords={keywords.map((keyword) => ({
            key: keyword,
            label: keyword,
            href: searchLink({ field: 'keyword', value: keyword }),
          }))}
        />
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
