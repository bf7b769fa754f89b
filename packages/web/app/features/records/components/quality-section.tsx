import type { LanguageText } from '@geoportal/contract/object';
import { FormattedMessage } from 'react-intl';
import { useLocalized } from '../hooks/use-localized';
import { AbstractText } from './abstract-text';
import { FactList } from './fact-list';
import { RecordSection } from './record-section';

/** Data quality: the lineage, in Markdown like the abstract. Left out when there is none. */
export function QualitySection({ lineage }: { lineage: LanguageText | undefined }) {
  const text = useLocalized()(lineage);
  if (!text) return null;
  return (
    <RecordSection title={<FormattedMessage id="record.section.quality" />}>
      <FactList
        facts={[
          {
            key: 'lineage',
            label: <FormattedMessage id="record.lineage" />,
            value: <AbstractText text={text.text} lang={text.lang} />,
          },
        ]}
      />
    </RecordSection>
  );
}
