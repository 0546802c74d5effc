import { forwardRef, useState } from 'react';
import { Button, Input, type InputProps } from '@fluentui/react-components';
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';

/** A password field with the show/hide toggle of the sign-in form (objective-tracking §4). */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputProps, 'type' | 'contentAfter'>>(function PasswordInput(props, ref) {
  const [shown, setShown] = useState(false);
  return (
    <Input
      {...props}
      ref={ref}
      type={shown ? 'text' : 'password'}
      contentAfter={
        <Button
          type="button"
          appearance="transparent"
          size="small"
          icon={shown ? <EyeOffRegular /> : <EyeRegular />}
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        />
      }
    />
  );
});
