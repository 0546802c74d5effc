import { lazy, Suspense, useState } from 'react';
import { Link } from '@fluentui/react-components';

const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog'));

export function ForgotPasswordLink() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Link
        as="button"
        type="button"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Forgot / recover password
      </Link>
      {used && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
