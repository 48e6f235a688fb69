import { useEffect, useRef } from 'react';
import { useSetAtom } from 'jotai';
import { useSession } from '../data/auth/use-session';
import { clearInvitationMetadata, useAcceptInvitationMutation } from '../data/team/accept-invitation-mutation';
import { useSupabase } from '../lib/supabase-context';
import { notify } from '../notifications/notify';
import { TOASTS, errorMessage } from '../notifications/toast-catalogue';
import { storedOrganizationIdAtom, storedWebsiteIdAtom } from '../state/selection-atoms';
import { invitationStatusAtom } from '../state/ui-atoms';
import { clearPendingInvitation, readPendingInvitation, resolveInvitationToken } from './invitation-token';

function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Accepts a pending invitation once a confirmed user is signed in, whichever way they signed in
 * (login form, email-confirmation link): the token saved in their metadata at sign-up, or the one
 * this tab was opened with. The token is cleared afterwards whatever the outcome, so a failed
 * invitation is reported once, not at every sign-in. On success the new organization becomes current.
 */
export function InvitationRunner() {
  const { user } = useSession();
  const client = useSupabase();
  const setStatus = useSetAtom(invitationStatusAtom);
  const setStoredOrganization = useSetAtom(storedOrganizationIdAtom);
  const setStoredWebsite = useSetAtom(storedWebsiteIdAtom);
  const { mutateAsync } = useAcceptInvitationMutation();
  const attempted = useRef(new Set<string>());

  useEffect(() => {
    if (!user?.email_confirmed_at) return;
    const storage = tabStorage();
    const resolved = resolveInvitationToken(user.user_metadata, readPendingInvitation(storage));
    if (!resolved || attempted.current.has(resolved.token)) return;
    attempted.current.add(resolved.token);
    setStatus('running');
    void (async () => {
      try {
        const accepted = await mutateAsync(resolved.token);
        setStoredOrganization(accepted.organization_id);
        setStoredWebsite(null);
        notify(TOASTS.invitationAccepted);
      } catch (err) {
        console.error('accept_invitation failed', err);
        notify(TOASTS.acceptInvitationFailed, errorMessage(err));
      } finally {
        clearPendingInvitation(storage);
        if (resolved.fromMetadata) {
          await clearInvitationMetadata(client).catch((err: unknown) => console.error('clearing invitation_token failed', err));
        }
        setStatus('done');
      }
    })();
  }, [user, client, mutateAsync, setStatus, setStoredOrganization, setStoredWebsite]);

  return null;
}
