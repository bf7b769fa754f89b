import de from '@geoportal/contract/i18n/de.json' with { type: 'json' };
import en from '@geoportal/contract/i18n/en.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { actionsByKind, auditActions } from './audit-actions';
import { detailLines } from './audit-details';

describe('audit details', () => {
  it('shows changed fields, added and removed grants, and plain values as lines', () => {
    const anna = { permission: 'read', subject: { kind: 'user', name: 'anna' } };
    const group = { permission: 'write', subject: { kind: 'group', name: 'amt' } };
    expect(
      detailLines({
        details: {
          state: { before: 'submitted', after: 'draft' },
          comment: 'Bitte ergänzen',
          public: { before: true, after: false },
          grants: { before: [anna], after: [group], added: [group], removed: [anna] },
        },
      }),
    ).toEqual([
      'state: "submitted" → "draft"',
      'comment: "Bitte ergänzen"',
      'public: true → false',
      `grants + ${JSON.stringify(group)}`,
      `grants − ${JSON.stringify(anna)}`,
    ]);
  });

  it('groups every action under its kind, in order', () => {
    const groups = actionsByKind();
    expect(groups.map((g) => g.kind)).toEqual([
      'user',
      'account',
      'group',
      'object',
      'process',
      'schedule',
      'harvester',
    ]);
    expect(groups.flatMap((g) => g.actions)).toEqual([...auditActions]);
  });

  it('has a label in de and en for every action and kind of the filter', () => {
    for (const messages of [de, en] as Record<string, string>[]) {
      const keys = actionsByKind().flatMap(({ kind, actions }) => [
        `audit.kind.${kind}`,
        ...actions.map((action) => `audit.action.${action}`),
      ]);
      expect(keys.filter((key) => !messages[key])).toEqual([]);
    }
  });
});
