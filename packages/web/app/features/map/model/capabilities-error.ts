/**
 * Thrown when a text is no capabilities document of the expected kind. Its own module, so the
 * map can tell this failure apart without loading the XML readers.
 */
export class CapabilitiesError extends Error {
  override name = 'CapabilitiesError';
}
