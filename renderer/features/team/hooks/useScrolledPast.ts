import { useEffect, useState } from 'react';
import { SCROLL_THRESHOLD_PX } from '../../../../shared/rules/constants';

/** spec §9: the go-to-top button and the filter panel react once the page scrolls past 500 px. */
export function useScrolledPast(threshold: number = SCROLL_THRESHOLD_PX): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}
