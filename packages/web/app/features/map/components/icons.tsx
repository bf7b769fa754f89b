/**
 * The few icons of the map's controls, drawn as SVG so they do not depend on the fonts a
 * system happens to have (symbol characters render as empty boxes on many). All are
 * decorative: their buttons carry the accessible name.
 */
const props = {
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const;

export function SearchIcon() {
  return (
    <svg {...props} aria-hidden="true">
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5" />
    </svg>
  );
}

export function PlaceIcon() {
  return (
    <svg {...props} aria-hidden="true">
      <path d="M12 21s-6.5-6.2-6.5-11a6.5 6.5 0 0 1 13 0c0 4.8-6.5 11-6.5 11Z" />
      <circle cx="12" cy="10" r="2.2" />
    </svg>
  );
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG icon in a span for OpenLayers' own buttons, which take DOM nodes, not React. */
export function svgLabel(paths: string[]): HTMLElement {
  const span = document.createElement('span');
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({
    width: '16',
    height: '16',
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
  })) {
    svg.setAttribute(name, value);
  }
  for (const d of paths) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.appendChild(path);
  }
  span.appendChild(svg);
  return span;
}

/** Full screen: four corners pointing out; leaving it: pointing in. */
export const fullScreenPaths = ['M4 9V4h5', 'M20 9V4h-5', 'M4 15v5h5', 'M20 15v5h-5'];
export const exitFullScreenPaths = ['M9 4v5H4', 'M15 4v5h5', 'M9 20v-5H4', 'M15 20v-5h5'];
/** Home: a house. */
export const homePaths = ['M4 11.5 12 4l8 7.5', 'M6.5 9.5V20h11V9.5'];
