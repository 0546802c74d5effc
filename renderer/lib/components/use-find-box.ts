import { useState } from 'react';
import type { ComboboxProps } from '@fluentui/react-components';

/**
 * A 'Find …' box that centres a view on what is picked (the org chart's people; the
 * alignment view's objectives): a freeform Combobox whose list opens as the person
 * types, pastes or autofills and only while there is text. `chosen` keeps a picked option's text
 * in the box and closes the list; the box's own onOptionSelect calls it.
 */
export function useFindBox(): {
  query: string;
  open: boolean;
  chosen: (text: string | undefined) => void;
  boxProps: Pick<ComboboxProps, 'freeform' | 'value' | 'open' | 'onOpenChange' | 'onChange'>;
} {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  return {
    query,
    open,
    chosen: (text) => {
      setQuery(text ?? '');
      setOpen(false);
    },
    boxProps: {
      freeform: true,
      value: query,
      open: open && query.trim() !== '',
      onOpenChange: (_, data) => setOpen(data.open),
      onChange: (event) => {
        setQuery(event.target.value);
        setOpen(true);
      },
    },
  };
}
