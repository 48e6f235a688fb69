import { useEffect, useRef } from 'react';
import { useSetAtom } from 'jotai';
import { useSession } from '../data/auth/use-session';
import { useCompleteSignupMutation } from '../data/auth/complete-signup-mutation';
import { organizationSetupStatusAtom } from '../state/ui-atoms';
import { notify } from '../notifications/notify';
import { TOASTS } from '../notifications/toast-catalogue';
import { SIGNUP_COMPLETION_DELAY_MS, completeSignupArgs, shouldRunOrganizationSetup } from '../data/auth/organization-setup';

/**
 * Completes a new user's signup once they are signed in: after a 1 s delay, for accounts that
 * just confirmed their email, creates the organization given at signup. Runs at most once per
 * user per page load (supabase-js may report the same sign-in more than once).
 */
export function OrganizationSetupRunner() {
  const { user } = useSession();
  const setStatus = useSetAtom(organizationSetupStatusAtom);
  const { mutateAsync } = useCompleteSignupMutation();
  const attempted = useRef(new Set<string>());

  useEffect(() => {
    if (!user || attempted.current.has(user.id)) return;
    if (!shouldRunOrganizationSetup(user, Date.now())) return;
    attempted.current.add(user.id);
    setStatus('scheduled');
    let fired = false;
    const timer = window.setTimeout(async () => {
      fired = true;
      setStatus('running');
      try {
        const result = await mutateAsync(completeSignupArgs(user));
        if (result.outcome === 'created') notify(TOASTS.welcome);
        if (result.outcome === 'failed') {
          console.error('complete_user_signup failed:', result.message);
          notify(TOASTS.setupIncomplete);
        }
        setStatus(result.outcome === 'failed' ? 'failed' : 'done');
      } catch (err) {
        console.error('complete_user_signup failed:', err);
        notify(TOASTS.setupIncomplete);
        setStatus('failed');
      }
    }, SIGNUP_COMPLETION_DELAY_MS);
    const attemptedIds = attempted.current;
    return () => {
      if (fired) return;
      // Signed out, or the user object changed (token refresh), before the delay ran out: drop
      // the pending run; a still-signed-in user gets it rescheduled by the next effect run.
      window.clearTimeout(timer);
      attemptedIds.delete(user.id);
      setStatus((s) => (s === 'scheduled' ? 'idle' : s));
    };
  }, [user, mutateAsync, setStatus]);

  return null;
}
