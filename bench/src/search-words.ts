import {
  cities,
  cityOffices,
  englishAdjectives,
  englishNouns,
  englishPlurals,
  germanAdjectiveEndings,
  germanAdjectives,
  germanDeterminers,
  germanHeads,
  nationalBodies,
  stateOfficeTopics,
} from './search-vocabulary.js';

/**
 * Ranked word forms for the Zipf draws: every form gets a score from the ranks of its parts
 * (a compound of the 2nd determiner and the 3rd head scores 2 × 3), and the list is sorted
 * by score. So common parts make common words, the long tail is made of rare combinations,
 * and drawing with Zipf(s = 1) over the sorted list gives a frequency law like real text.
 */

interface Scored {
  form: string;
  score: number;
}

const byScore = (items: Scored[]) =>
  items.sort((a, b) => a.score - b.score || a.form.localeCompare(b.form)).map((i) => i.form);

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * German nouns: compounds (Grundwasser + messstellen), lone heads (Karte, Karten),
 * singular and plural. Some 9,000 forms.
 */
export function germanNouns(): string[] {
  const scored: Scored[] = [];
  for (const [j, [singular, plural]] of germanHeads.entries()) {
    scored.push({ form: capitalise(singular), score: (j + 1) * 2 });
    if (plural) scored.push({ form: capitalise(plural), score: (j + 1) * 3 });
    for (const [i, determiner] of germanDeterminers.entries()) {
      const score = (i + 1) * (j + 1);
      scored.push({ form: determiner + singular, score: score + 0.5 });
      if (plural) scored.push({ form: determiner + plural, score: score * 1.5 + 0.5 });
    }
  }
  // The determiners alone are words too (Boden, Wald), but not those with a linking -s.
  for (const [i, determiner] of germanDeterminers.entries()) {
    if (!determiner.endsWith('s')) scored.push({ form: determiner, score: (i + 1) * 1.5 });
  }
  return [...new Set(byScore(scored))];
}

/** German adjective forms (geologische, geologischen, …), some 200. */
export function germanAdjectiveForms(): string[] {
  const scored: Scored[] = [];
  for (const [i, stem] of germanAdjectives.entries()) {
    for (const [k, ending] of germanAdjectiveEndings.entries()) {
      // "mittler" exists only inflected.
      if (ending === '' && stem.endsWith('er')) continue;
      scored.push({ form: stem + ending, score: (i + 1) * (k + 1) });
    }
  }
  return byScore(scored);
}

/** English nouns with their plurals, and adjectives, as one ranked list. */
export function englishWords(): string[] {
  const scored: Scored[] = [];
  for (const [i, noun] of englishNouns.entries()) {
    scored.push({ form: noun, score: i + 1 });
    const plural = englishPlurals.get(noun) ?? `${noun}s`;
    if (plural !== noun) scored.push({ form: plural, score: (i + 1) * 2 });
  }
  for (const [i, adjective] of englishAdjectives.entries()) {
    scored.push({ form: adjective, score: (i + 1) * 1.5 });
  }
  return [...new Set(byScore(scored))];
}

/** An organisation and the host of its (fictional, `.example`) addresses. */
export interface Organisation {
  name: string;
  host: string;
}

/** A host name label from a name: ASCII letters, digits and hyphens, at most 55 characters. */
export function hostLabel(name: string): string {
  const ascii = name
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return ascii.slice(0, 55).replace(/-+$/, '');
}

const organisation = (name: string): Organisation => ({
  name,
  host: `${hostLabel(name)}.example`,
});

/** State offices, e.g. "Landesamt für Umwelt Bayern", by state code; common topics first. */
export function stateOffices(stateName: string): Organisation[] {
  return stateOfficeTopics.map((topic) => organisation(`Landesamt für ${topic} ${stateName}`));
}

/** City offices, e.g. "Umweltamt der Stadt Köln"; common offices first. */
export function cityOfficesOf(cityName: string): Organisation[] {
  return cityOffices.map((office) => organisation(`${office} der Stadt ${cityName}`));
}

export const nationalOrganisations = nationalBodies.map(organisation);

/** Every organisation the generator can name (for tests and the report). */
export function allOrganisationNames(stateNames: readonly string[]): string[] {
  return [
    ...nationalBodies,
    ...stateNames.flatMap((s) => stateOffices(s).map((o) => o.name)),
    ...cities.flatMap((c) => cityOfficesOf(c.name).map((o) => o.name)),
  ];
}
