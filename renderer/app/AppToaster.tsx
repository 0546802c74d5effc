import { Toaster } from '@fluentui/react-components';
import { TOASTER_ID } from '../lib/toast';

// Its own chunk: nothing toasts before sign-in, so the toaster stays out of the first bundle.
export default function AppToaster() {
  return <Toaster toasterId={TOASTER_ID} position="top-end" pauseOnHover />;
}
