import { useEffect, useState } from 'react';

/**
 * "Hide header on scroll": scrolling down past the header hides it, scrolling up shows it again.
 */
export const useAutoHideHeader = (enabled: boolean, headerHeight = 56): boolean => {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let lastY = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        if (y > headerHeight && y > lastY) setHidden(true);
        else if (y < lastY || y <= headerHeight) setHidden(false);
        lastY = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [enabled, headerHeight]);
  return hidden;
};
