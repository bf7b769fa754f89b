import type { Box } from '@geoportal/contract/search-query';
import { attrOf, children, textOf, type XmlElement } from '../../xml/xml-document.js';
import {
  type Comparison,
  cornersBox,
  type Expr,
  filterLimits,
  polygonBox,
  type SpatialOperator,
  spatialName,
} from '../search/filter-expr.js';
import { invalid } from './csw.errors.js';

/**
 * CSW constraints as OGC Filter Encoding 1.1 (XML) read into the expression tree the search
 * module translates (CQL text is read there too). The queryables of the ISO AP that the
 * translation answers are rows of `csw-queryables.ts`; their lists are exported here too,
 * where the capabilities and the service have always found them.
 */
export {
  additionalQueryableNames,
  isoQueryables,
  queryableNames,
} from './csw-queryables.js';

/** The spatial operators by their names in Filter Encoding 1.1. */
export const spatialOperators = Object.values(spatialName);

const LOCATOR = 'Constraint';

function numbers(text: string, what: string): number[] {
  const parts = text.trim().split(/\s+/);
  const values = parts.map((p) =>
    /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(p) ? Number(p) : Number.NaN,
  );
  if (values.length !== 2 || values.some((v) => Number.isNaN(v))) {
    throw invalid(LOCATOR, `The ${what} of a box must hold two numbers.`);
  }
  return values;
}

/** Positions from a gml:posList / gml:coordinates text, or gml:pos elements. */
function ringPositions(ring: XmlElement): number[][] {
  const posList = children(ring, 'posList')[0];
  const coordinates = children(ring, 'coordinates')[0];
  const flat = posList
    ? textOf(posList).trim().split(/\s+/)
    : coordinates
      ? textOf(coordinates)
          .trim()
          .split(/[\s,]+/)
      : children(ring, 'pos').flatMap((pos) => textOf(pos).trim().split(/\s+/));
  if (flat.length % 2 !== 0 || flat.length > 200) {
    throw invalid(LOCATOR, 'A ring of a polygon must hold pairs of numbers (at most 100).');
  }
  const positions: number[][] = [];
  for (let i = 0; i < flat.length; i += 2) {
    positions.push(numbers(`${flat[i]} ${flat[i + 1]}`, 'position'));
  }
  return positions;
}

/** The box of a spatial operator's gml:Envelope, or of a gml:Polygon that is a box. */
function geometryBox(element: XmlElement, operator: string): Box {
  const envelopes = children(element, 'Envelope');
  const polygons = children(element, 'Polygon');
  if (envelopes.length + polygons.length !== 1) {
    throw invalid(LOCATOR, `${operator} needs one gml:Envelope (or a gml:Polygon that is a box).`);
  }
  const envelope = envelopes[0];
  if (envelope) {
    const lower = numbers(onlyText(envelope, 'lowerCorner', 'Envelope'), 'lowerCorner');
    const upper = numbers(onlyText(envelope, 'upperCorner', 'Envelope'), 'upperCorner');
    return cornersBox(lower, upper, attrOf(envelope, 'srsName'));
  }
  const polygon = polygons[0] as XmlElement;
  // GML 3 (exterior, interior) and GML 2 (outerBoundaryIs, innerBoundaryIs).
  const rings = ['exterior', 'outerBoundaryIs', 'interior', 'innerBoundaryIs'].flatMap((name) =>
    children(polygon, name).flatMap((boundary) =>
      children(boundary, 'LinearRing').map(ringPositions),
    ),
  );
  return polygonBox(rings, attrOf(polygon, 'srsName'));
}

// Filter Encoding 1.1 -------------------------------------------------------------------------

const comparisons: Record<string, Comparison> = {
  PropertyIsEqualTo: 'EqualTo',
  PropertyIsNotEqualTo: 'NotEqualTo',
  PropertyIsLessThan: 'LessThan',
  PropertyIsGreaterThan: 'GreaterThan',
  PropertyIsLessThanOrEqualTo: 'LessThanOrEqualTo',
  PropertyIsGreaterThanOrEqualTo: 'GreaterThanOrEqualTo',
  PropertyIsLike: 'Like',
};

const idElements = ['FeatureId', 'GmlObjectId'];
const IDS_MAX = 100;

/** The spatial operators by their element names. */
const spatialElements: Record<string, SpatialOperator> = {
  BBOX: 'bbox',
  Intersects: 'intersects',
  Within: 'within',
  Contains: 'contains',
  Disjoint: 'disjoint',
};

const supportedOperators = [
  ...Object.keys(comparisons),
  'PropertyIsBetween',
  'PropertyIsNull',
  ...spatialOperators,
  'And',
  'Or',
  'Not',
];

/** The operator elements of an element, with their local names. */
function operators(element: XmlElement): [string, XmlElement][] {
  return Object.keys(element)
    .filter((key) => !key.startsWith('@') && !key.startsWith('#'))
    .flatMap((key) => children(element, key).map((child) => [key, child] as [string, XmlElement]));
}

function onlyText(element: XmlElement, name: string, operator: string): string {
  const found = children(element, name);
  if (found.length !== 1) {
    throw invalid(LOCATOR, `${operator} needs exactly one ${name}.`);
  }
  return textOf(found[0]);
}

class FilterReader {
  private conditions = 0;

  read(name: string, element: XmlElement, depth: number): Expr {
    if (depth > filterLimits.depthMax) {
      throw invalid(LOCATOR, `The filter nests deeper than ${filterLimits.depthMax} levels.`);
    }
    this.conditions += 1;
    if (this.conditions > filterLimits.conditionsMax) {
      throw invalid(
        LOCATOR,
        `The filter holds more than ${filterLimits.conditionsMax} conditions.`,
      );
    }
    if (name === 'And' || name === 'Or') {
      const parts = operators(element);
      if (parts.length < 2) throw invalid(LOCATOR, `${name} needs at least two operands.`);
      return {
        kind: name === 'And' ? 'and' : 'or',
        children: parts.map(([n, e]) => this.read(n, e, depth + 1)),
      };
    }
    if (name === 'Not') {
      const parts = operators(element);
      if (parts.length !== 1) throw invalid(LOCATOR, 'Not needs exactly one operand.');
      const [n, e] = parts[0] as [string, XmlElement];
      return { kind: 'not', child: this.read(n, e, depth + 1) };
    }
    const op = comparisons[name];
    if (op) {
      const property = onlyText(element, 'PropertyName', name);
      const value = onlyText(element, 'Literal', name);
      return {
        kind: 'compare',
        op,
        property,
        value,
        ...(op === 'Like'
          ? {
              like: {
                wildCard: attrOf(element, 'wildCard') ?? '*',
                singleChar: attrOf(element, 'singleChar') ?? '?',
                escapeChar: attrOf(element, 'escapeChar') ?? attrOf(element, 'escape') ?? '\\',
              },
            }
          : {}),
      };
    }
    if (name === 'PropertyIsNull') {
      return { kind: 'null', property: onlyText(element, 'PropertyName', name) };
    }
    if (name === 'PropertyIsBetween') {
      const property = onlyText(element, 'PropertyName', name);
      const bound = (which: string) => {
        const b = children(element, which);
        if (b.length !== 1) throw invalid(LOCATOR, `PropertyIsBetween needs one ${which}.`);
        return onlyText(b[0] as XmlElement, 'Literal', which);
      };
      return {
        kind: 'between',
        property,
        lower: bound('LowerBoundary'),
        upper: bound('UpperBoundary'),
      };
    }
    const spatial = spatialElements[name];
    if (spatial) {
      return {
        kind: 'spatial',
        op: spatial,
        property: onlyText(element, 'PropertyName', name),
        box: geometryBox(element, name),
      };
    }
    throw invalid(
      LOCATOR,
      `The filter operator ${name.slice(0, 80)} is not supported. Use ${supportedOperators.join(', ')}.`,
    );
  }
}

/** An `ogc:Filter` element as an expression. */
export function readFilter(filter: XmlElement): Expr {
  const parts = operators(filter);
  // FE 1.1: one operator, or any number of identifiers (which no operator may hold).
  if (parts.length > 0 && parts.every(([name]) => idElements.includes(name))) {
    if (parts.length > IDS_MAX) {
      throw invalid(LOCATOR, `A filter may name at most ${IDS_MAX} record identifiers.`);
    }
    return {
      kind: 'ids',
      ids: parts.map(([name, element]) => {
        const id = attrOf(element, name === 'FeatureId' ? 'fid' : 'id');
        if (!id?.trim()) throw invalid(LOCATOR, `${name} needs the identifier of a record.`);
        return id.trim();
      }),
    };
  }
  if (parts.length !== 1) {
    throw invalid(
      LOCATOR,
      'An ogc:Filter holds exactly one operator (combine several with And or Or).',
    );
  }
  const [name, element] = parts[0] as [string, XmlElement];
  return new FilterReader().read(name, element, 1);
}

export { supportedOperators };
