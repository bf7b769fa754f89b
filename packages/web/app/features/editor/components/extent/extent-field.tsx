import type { BoundingBox } from '@geoportal/contract/record';
import { findRegion } from '@geoportal/contract/regions';
import type { IssueText } from '@geoportal/contract/validation';
import { Button, Group, Input, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ComponentType, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { sameBbox } from '../../../../components/map/bbox-extent';
import { ExtentMap } from '../../../../components/map/extent-map-lazy';
import type { ExtentMapProps } from '../../../../components/map/extent-map-props';
import { loadEditorSchemas, useEditorSchemas } from '../../model/editor-schemas';
import {
  type InputValue,
  type InputValues,
  inputsOf,
  parseInputs,
  regionGroups,
  type Side,
  sideRange,
  sides,
} from './extent-inputs';

export interface ExtentFieldProps {
  value?: BoundingBox;
  /** Called with each new valid box, and with undefined when the extent is cleared. */
  onChange(value: BoundingBox | undefined): void;
  /** The form's message about the extent (e.g. from the server), shown under the field. */
  error?: string;
  /**
   * The map to draw on; the lazily loaded OpenLayers map by default. Tests pass a stand-in,
   * because jsdom has no canvas.
   */
  mapComponent?: ComponentType<ExtentMapProps>;
}

const sideLabels = {
  west: { id: 'extent.west' },
  east: { id: 'extent.east' },
  south: { id: 'extent.south' },
  north: { id: 'extent.north' },
} as const;

const sideHints = {
  west: { id: 'extent.longitudeHint' },
  east: { id: 'extent.longitudeHint' },
  south: { id: 'extent.latitudeHint' },
  north: { id: 'extent.latitudeHint' },
} as const;

/**
 * The editor's extent: four numbers, a region picker and a map, kept in sync. Each shows the
 * same box; changing one moves the others. Only valid boxes reach the form: while an input
 * is half-typed or wrong, the form keeps the last valid box and the input says what is wrong.
 */
export function ExtentField({
  value,
  onChange,
  error,
  mapComponent: MapComponent = ExtentMap,
}: ExtentFieldProps) {
  const intl = useIntl();
  const hintId = useId();
  const errorId = useId();
  const [inputs, setInputs] = useState<InputValues>(() => inputsOf(value));
  const [touched, setTouched] = useState<Partial<Record<Side, boolean>>>({});
  const [region, setRegion] = useState<string | null>(null);
  const boundingBox = useEditorSchemas()?.BoundingBox;

  // A box from outside (the map, a region, a loaded record) replaces the inputs, unless they
  // already say the same (then the user's way of writing it stays, e.g. "7,50").
  const [shown, setShown] = useState(value);
  if (!sameBbox(shown, value)) {
    setShown(value);
    if (!sameBbox(parseInputs(inputs, boundingBox).box, value)) {
      setInputs(inputsOf(value));
      setTouched({});
    }
  }

  const parsed = parseInputs(inputs, boundingBox);
  const german = intl.locale.startsWith('de');

  /** Reports the box of checked inputs when it is valid (or gone) and new. */
  const report = (result: ReturnType<typeof parseInputs>) => {
    if (result.empty) {
      if (value !== undefined) onChange(undefined);
    } else if (result.box && !sameBbox(result.box, value)) {
      setShown(result.box);
      onChange(result.box);
    }
  };

  // Inputs typed before the schema was here are checked and reported once it is.
  const unchecked = useRef(false);
  const update = (next: InputValues) => {
    setInputs(next);
    const result = parseInputs(next, boundingBox);
    unchecked.current = result.pending === true;
    report(result);
  };
  useEffect(() => {
    if (!boundingBox || !unchecked.current) return;
    unchecked.current = false;
    report(parseInputs(inputs, boundingBox));
  });

  const handleInput = (side: Side) => (input: InputValue) => update({ ...inputs, [side]: input });

  const handleBox = (box: BoundingBox) => {
    setInputs(inputsOf(box));
    setTouched({});
    setShown(box);
    if (!sameBbox(box, value)) onChange(box);
  };

  const handleRegion = (code: string | null) => {
    setRegion(code);
    const picked = code ? findRegion(code) : undefined;
    if (picked) handleBox(picked.bbox);
  };

  const handleClear = () => {
    setInputs(inputsOf(undefined));
    setTouched({});
    setRegion(null);
    setShown(undefined);
    if (value !== undefined) onChange(undefined);
  };

  const groups = useMemo(
    () =>
      regionGroups(intl.locale, {
        state: intl.formatMessage({ id: 'extent.group.states' }),
        country: intl.formatMessage({ id: 'extent.group.countries' }),
      }),
    [intl],
  );

  // The picked region stays selected only while the box is still the region's box.
  const pickedRegion = region ? findRegion(region) : undefined;
  const selectedRegion = pickedRegion && sameBbox(pickedRegion.bbox, value) ? region : null;

  const issueFor = (side: Side): IssueText | undefined => {
    const issue = parsed.issues[side];
    // "Required" only once the user has left the input: not while the first of four is typed.
    if (!issue || (issue.key === 'validation.required' && !touched[side])) return undefined;
    return issue;
  };

  const empty = sides.every((side) => inputs[side] === '');
  const crossing = parsed.box !== undefined && parsed.box.west > parsed.box.east;

  return (
    <Stack
      gap="sm"
      role="group"
      aria-label={intl.formatMessage({ id: 'extent.label' })}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      // The inputs are checked with the contract's schema, loaded when first needed; a load
      // that fails is tried again by the next focus (and reported by the save).
      onFocus={() => void loadEditorSchemas().catch(() => undefined)}
    >
      <Text id={hintId} size="sm" c="dimmed">
        <FormattedMessage id="extent.hint" />
      </Text>
      <Select
        label={<FormattedMessage id="extent.region" />}
        placeholder={intl.formatMessage({ id: 'extent.regionPlaceholder' })}
        data={groups}
        value={selectedRegion}
        onChange={handleRegion}
        searchable
        nothingFoundMessage={intl.formatMessage({ id: 'extent.regionNotFound' })}
        maxDropdownHeight={280}
        autoComplete="off"
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
        {sides.map((side) => {
          const issue = issueFor(side);
          const name = intl.formatMessage(sideLabels[side]);
          return (
            <NumberInput
              key={side}
              label={name}
              description={intl.formatMessage(sideHints[side], sideRange[side])}
              value={inputs[side]}
              onChange={handleInput(side)}
              onBlur={() => setTouched((current) => ({ ...current, [side]: true }))}
              error={
                issue &&
                intl.formatMessage(
                  { id: 'extent.issue' },
                  { field: name, message: intl.formatMessage({ id: issue.key }, issue.values) },
                )
              }
              min={sideRange[side].min}
              max={sideRange[side].max}
              // Out-of-range numbers are reported, not silently changed when leaving the input.
              clampBehavior="none"
              step={0.1}
              decimalScale={4}
              decimalSeparator={german ? ',' : '.'}
              hideControls
              rightSection={
                <Text size="sm" c="dimmed" aria-hidden="true">
                  °
                </Text>
              }
              // Western and southern edges need a minus sign, which the decimal keypad of
              // phones lacks.
              inputMode="text"
              autoComplete="off"
            />
          );
        })}
      </SimpleGrid>
      {crossing && (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="extent.antimeridian" />
        </Text>
      )}
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
      <MapComponent
        extent={parsed.box ?? value}
        onChange={handleBox}
        label={intl.formatMessage({ id: 'extent.map' })}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={handleClear} disabled={empty}>
          <FormattedMessage id="extent.clear" />
        </Button>
      </Group>
    </Stack>
  );
}
