import { Notifications } from '@mantine/notifications';
import { toastContainerProps } from '../../lib/toast';

/**
 * Mantine's toast container with the product's rules. Its own chunk (with its transitions
 * and scroll-lock class names), loaded by `ToastContainer` when the first toast is shown.
 */
export default function ToastList() {
  return <Notifications {...toastContainerProps} />;
}
