import { contactRole } from './contact-role.js';
import { inspireTheme } from './inspire-theme.js';
import { license } from './license.js';
import { protocol } from './protocol.js';
import { resourceType } from './resource-type.js';
import type { SeedClassification } from './seed-classification.js';
import { topicCategory } from './topic-category.js';

/** The classifications every installation starts with (DESIGN §5), in insertion order. */
export const seedClassifications: readonly SeedClassification[] = [
  topicCategory,
  inspireTheme,
  license,
  resourceType,
  contactRole,
  protocol,
];
