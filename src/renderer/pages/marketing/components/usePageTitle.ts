import { useEffect } from 'react';

/** Sets the browser tab title for a marketing page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title === 'Tracklint' ? title : `${title} · Tracklint`;
  }, [title]);
}
