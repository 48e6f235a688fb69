import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { notePageHead } from '../../../lib/prerender-head';
import { pageDescription } from '../data/page-meta';

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

/**
 * Sets the tab title, this page's own meta description and its Open Graph / Twitter card tags
 * (what a link preview shows when the page is shared).
 */
export function usePageTitle(title: string): void {
  const { pathname } = useLocation();
  const fullTitle = title === 'Tracklint' ? title : `${title} · Tracklint`;
  const description = pageDescription(pathname);
  notePageHead({ title: fullTitle, description });
  useEffect(() => {
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', 'Tracklint');
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', `${window.location.origin}${pathname}`);
    setMeta('name', 'twitter:card', 'summary');
  }, [fullTitle, description, pathname]);
}
