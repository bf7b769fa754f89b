import { useId } from 'react';
import classes from './segmented-radios.module.css';

export interface SegmentedRadiosProps<T extends string> {
  value: T;
  onChange: (value: T) => void;
  data: readonly { value: T; label: string }[];
  'aria-labelledby': string;
}

/**
 * One of a few options, shown as a segmented control: native radio buttons (Tab to the
 * group, arrow keys between the options) styled as segments. Mantine's SegmentedControl
 * keeps its options' elements in state to slide its indicator, so mounting it updates its
 * state from ref callbacks during React's commit: an update React renders synchronously,
 * which also runs every other pending effect of that commit in the same task (on the map
 * page, creating the map: one main-thread task instead of two).
 */
export function SegmentedRadios<T extends string>({
  value,
  onChange,
  data,
  'aria-labelledby': labelledBy,
}: SegmentedRadiosProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={classes.root}>
      {data.map((option) => (
        <label key={option.value} className={classes.option}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
