import { useEffect } from 'react';

/** Names the window/tab after the page ("Sign in · Tracklint"). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Tracklint` : 'Tracklint';
  }, [title]);
}
