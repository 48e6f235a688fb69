import { useAtomValue } from 'jotai';
import { announcementAtom } from '../state/ui-atoms';
import classes from './shell.module.css';

/** Polite screen-reader announcements (page changes, sidebar state). */
export function LiveRegion() {
  const announcement = useAtomValue(announcementAtom);
  return (
    <div aria-live="polite" aria-atomic="true" role="status" className={classes.visuallyHidden} data-testid="live-region">
      {announcement?.message ?? ''}
    </div>
  );
}
