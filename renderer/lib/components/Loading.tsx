import { Spinner } from '@fluentui/react-components';

/** Shown while a lazily loaded screen or the first data of a screen arrives. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spinner label={label} />
    </div>
  );
}
