import {
  type ClassificationNode,
  findNode,
  nodeLabel,
} from '@geoportal/contract/classification-tree';
import { labelOf } from '../../../lib/classifications/classification-options';
import type { RecordClassifications } from './record-classifications';

/** Labels of a record's codes in one language, from the classifications the page loaded. */
export interface RecordLabels {
  /** The label of `code` in classification `classificationId`; the code when unknown. */
  label(classificationId: string, code: string): string;
  /** The node of `code`, for more than its label (a licence's `url`). */
  node(classificationId: string, code: string): ClassificationNode | undefined;
  /** The name of the classification itself (e.g. "INSPIRE themes"); its id when unknown. */
  name(classificationId: string): string;
}

export function recordLabels(classifications: RecordClassifications, lang: string): RecordLabels {
  return {
    label: (id, code) => labelOf(classifications[id], code, lang),
    node: (id, code) => {
      const classification = classifications[id];
      return classification && findNode(classification, code);
    },
    name: (id) => {
      const classification = classifications[id];
      return classification ? nodeLabel(classification, lang) : id;
    },
  };
}
