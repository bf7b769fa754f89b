/** A measured length (metres) for people: metres below 1 km, kilometres above. */
export function formatLength(metres: number, locale: string): string {
  const format = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return metres < 1000 ? `${format(metres, 0)} m` : `${format(metres / 1000, 2)} km`;
}

/** A measured area (square metres) for people: m² below 1 ha, ha below 1 km², else km². */
export function formatArea(squareMetres: number, locale: string): string {
  const format = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (squareMetres < 10_000) return `${format(squareMetres, 0)} m²`;
  if (squareMetres < 1_000_000) return `${format(squareMetres / 10_000, 2)} ha`;
  return `${format(squareMetres / 1_000_000, 2)} km²`;
}
