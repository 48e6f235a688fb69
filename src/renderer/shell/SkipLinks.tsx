import type { MouseEvent } from 'react';
import classes from './shell.module.css';

export const MAIN_CONTENT_ID = 'main-content';
export const MAIN_NAVIGATION_ID = 'main-navigation';

/**
 * "Skip to" links, first in the tab order. They move focus explicitly: in drawer mode the
 * navigation is not on the page until the drawer opens, so that link opens it instead.
 */
export function SkipLinks({ onSkipToNavigation }: { onSkipToNavigation: () => void }) {
  const focusMain = (event: MouseEvent) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  const focusNavigation = (event: MouseEvent) => {
    event.preventDefault();
    onSkipToNavigation();
  };
  return (
    <>
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={focusMain}>
        Skip to main content
      </a>
      <a href={`#${MAIN_NAVIGATION_ID}`} className={classes.skipLink} onClick={focusNavigation}>
        Skip to navigation
      </a>
    </>
  );
}
