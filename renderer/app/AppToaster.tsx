import { Toaster } from '@fluentui/react-components';
import { TOASTER_ID, useToasterMounted } from '../lib/toast';

// Its own chunk: nothing toasts before sign-in, so the toaster stays out of the first bundle.
// Toasts raised while this chunk was still loading wait in lib/toast and show once it is mounted.
// Bottom end (issue 21): at the top end a toast covered the header's name and account picture.
export default function AppToaster() {
  useToasterMounted();
  return <Toaster toasterId={TOASTER_ID} position="bottom-end" pauseOnHover />;
}
