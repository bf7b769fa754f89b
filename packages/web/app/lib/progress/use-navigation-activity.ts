import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import { type ActivityCounter, pageActivity } from './activity';

/**
 * Counts a route navigation (loading its code and data, or submitting) as activity, so the
 * loading bar also runs while React Router loads a page. Call it once, in the root layout.
 */
export function useNavigationActivity(counter: ActivityCounter = pageActivity): void {
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => (navigating ? counter.start() : undefined), [navigating, counter]);
}
