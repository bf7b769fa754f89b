import type { BoundingBox, Metadata, ObjectType } from '@geoportal/contract/object';
import { useSyncExternalStore } from 'react';
import { objectSchemas } from '../../../lib/http/contract-schemas';

/** The contract's schemas the editor checks its values with, as the server will. */
export interface EditorSchemas {
  Metadata: typeof Metadata;
  ObjectType: typeof ObjectType;
  BoundingBox: typeof BoundingBox;
}

/**
 * The schemas load when the editor first checks something (a focus in the form, a change,
 * a save), not with the page: evaluating zod and the record's schemas was about a third of
 * the editor's first task (50 ms of 145 ms unthrottled on a slow 2-core machine), and
 * nothing is checked before someone works in the form.
 */
let loaded: EditorSchemas | undefined;
let loading: Promise<EditorSchemas> | undefined;
const listeners = new Set<() => void>();

/** Loads the schemas once; a failed load (the network) is tried again on the next call. */
export function loadEditorSchemas(): Promise<EditorSchemas> {
  loading ??= objectSchemas().then(
    ({ Metadata, ObjectType, BoundingBox }) => {
      loaded = { Metadata, ObjectType, BoundingBox };
      for (const listener of listeners) listener();
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The schemas if they are here already. */
export function editorSchemasNow(): EditorSchemas | undefined {
  return loaded;
}

/** Calls `listener` once the schemas are here. */
export function onEditorSchemas(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The schemas in a component: undefined until they are loaded, then re-rendered with them. */
export function useEditorSchemas(): EditorSchemas | undefined {
  return useSyncExternalStore(onEditorSchemas, editorSchemasNow, () => undefined);
}
