import { useCallback, useState } from 'react';
import { Toaster, type ToastPoliteness } from '@fluentui/react-components';
import { nextAnnouncement, SILENCE, type Announcement } from '../lib/live/announcement';
import { LiveRegion } from '../lib/live/LiveRegion';
import { TOASTER_ID, useToasterMounted } from '../lib/toast';

// Its own chunk: nothing toasts before sign-in, so the toaster stays out of the first bundle.
// Toasts raised while this chunk was still loading wait in lib/toast and show once it is mounted.
// Bottom end: at the top end a toast covered the header's name and account picture.
export default function AppToaster() {
  useToasterMounted();
  // Toasts are read through the app's live regions rather than Fluent's own, which sit
  // inside the app and so under the aria-hidden a modal dialog puts there (a save closing its
  // dialog toasted into silence). Fluent still decides when to speak (not while focus is in a toast).
  const [said, setSaid] = useState<{ polite: Announcement; assertive: Announcement }>({ polite: SILENCE, assertive: SILENCE });
  const announce = useCallback((text: string, { politeness }: { politeness: ToastPoliteness }) => {
    setSaid((was) => ({ polite: SILENCE, assertive: SILENCE, [politeness]: nextAnnouncement(was[politeness], text) }));
  }, []);
  return (
    <>
      <Toaster toasterId={TOASTER_ID} position="bottom-end" pauseOnHover announce={announce} />
      <LiveRegion announcement={said.polite} testId="toast-announcer-polite" />
      <LiveRegion announcement={said.assertive} politeness="assertive" testId="toast-announcer-assertive" />
    </>
  );
}
