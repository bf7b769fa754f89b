import type OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';

/**
 * Runs `callback` as soon as the map has a size: at once when it is laid out, else (not laid
 * out yet, or in a hidden section) on the first change to a real size. Returns the cleanup.
 * Shared by the main map and the small maps.
 */
export function whenSized(map: OlMap, callback: () => void): () => void {
  const hasSize = () => {
    const size = map.getSize();
    return size !== undefined && size[0] !== 0 && size[1] !== 0;
  };
  if (hasSize()) {
    callback();
    return () => undefined;
  }
  const key = map.on('change:size', () => {
    if (!hasSize()) return;
    unByKey(key);
    callback();
  });
  return () => unByKey(key);
}
