import { describe, expect, it, vi } from 'vitest';
import { editorSchemasNow, loadEditorSchemas } from './editor-schemas';
import { createEditorStore } from './editor-store';
import { emptyContact, emptyValues } from './editor-values';

/** A record with a title and a malformed e-mail address in its second contact. */
function valuesWithBadEmail() {
  const values = emptyValues();
  values.title.de = 'Messstellen';
  values.contacts = [
    emptyContact(),
    { ...emptyContact(), organisation: 'LfU', role: 'author', email: 'x' },
  ];
  return values;
}

// One file, one order: the schemas are loaded once per page, so these run in sequence.
describe('the editor store checks with the contract once someone works in the form', () => {
  it('tells what is missing without loading the schemas, and loads them on a change', async () => {
    const store = createEditorStore(emptyValues());
    const check = store.getCheck();
    expect(check.missing).toContain('title');
    expect(check.progress.length).toBeGreaterThan(0);
    expect(check.issues).toEqual({});
    expect(editorSchemasNow()).toBeUndefined();

    const listener = vi.fn();
    store.subscribe(listener);
    const next = valuesWithBadEmail();
    store.handleValuesChange(next, emptyValues());
    expect(store.getCheck().missing).not.toContain('title');
    // Problems show only after a save was tried, so the change alone shows none.
    await loadEditorSchemas();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getCheck().issues).toEqual({});
  });

  it('shows the contract problems once a save was tried, and follows the values', async () => {
    await loadEditorSchemas();
    const store = createEditorStore(valuesWithBadEmail());
    store.revealIssues();
    expect(store.getCheck().issues).toEqual({
      'contacts.1.email': { key: 'validation.format.email', values: {} },
    });
    const fixed = valuesWithBadEmail();
    fixed.contacts[1] = {
      ...emptyContact(),
      organisation: 'LfU',
      role: 'author',
      email: 'info@lfu.de',
    };
    store.handleValuesChange(fixed, valuesWithBadEmail());
    expect(store.getCheck().issues).toEqual({});
  });

  it('keeps the same check object while nothing it depends on changed', () => {
    const store = createEditorStore(valuesWithBadEmail());
    expect(store.getCheck()).toBe(store.getCheck());
  });
});
