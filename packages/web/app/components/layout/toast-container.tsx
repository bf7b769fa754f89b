import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { setToastCloseLabel, toastContainerProps } from '../../lib/toast';

/**
 * The page's one toast container (SPEC §9): bottom right, at most three open with the rest
 * queued, 10000 ms, fading over 300 ms. It also gives every toast's close button its
 * translated name.
 */
export function ToastContainer() {
  const intl = useIntl();
  const closeLabel = intl.formatMessage({ id: 'toast.close' });
  useEffect(() => setToastCloseLabel(closeLabel), [closeLabel]);
  return <Notifications {...toastContainerProps} />;
}
