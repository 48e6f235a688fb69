import { useEffect, useRef } from 'react';
import { useSetAtom } from 'jotai';
import { useSession } from '../data/auth/use-session';
import { clearInvitationMetadata, useAcceptInvitationMutation } from '../data/team/accept-invitation-mutation';
import { useSupabase } from '../lib/supabase-context';
import { notify } from '../notifications/notify';
import { TOASTS, errorMessage } from '../notifications/toast-catalogue';
import { storedOrganizationIdAtom, storedWebsiteIdAtom } from '../state/selection-atoms';
import { invitationStatusAtom } from '../state/ui-atoms';
import { useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '../data/organizations/keys';
import {
  clearPendingInvitation,
  markInvitationHandled,
  readPendingInvitation,
  resolveInvitationToken,
  wasInvitationHandled,
} from '../auth/invitation-token';

function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function sharedStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const INVITATION_LOCK = 'tracklint-accept-invitation';

/**
 * Runs `task` while holding a lock shared by this origin's tabs (Web Locks), so two tabs signed in
 * at once do not both accept the same invitation; without Web Locks it just runs.
 */
function withInvitationLock(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(INVITATION_LOCK, task).then(() => undefined) : task();
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
  const queryClient = useQueryClient();
  const attempted = useRef(new Set<string>());

  useEffect(() => {
    if (!user?.email_confirmed_at) return;
    const storage = tabStorage();
    const resolved = resolveInvitationToken(user.user_metadata, readPendingInvitation(storage));
    if (!resolved || attempted.current.has(resolved.token)) return;
    attempted.current.add(resolved.token);
    setStatus('running');
    const shared = sharedStorage();
    void withInvitationLock(async () => {
      try {
        if (wasInvitationHandled(shared, resolved.token)) {
          // Another tab of this browser accepted it a moment ago (the organization it remembered is
          // shared storage): pick up the new membership here too, and say so in this tab as well.
          await queryClient.invalidateQueries({ queryKey: organizationKeys.all });
          notify(TOASTS.invitationAccepted);
          return;
        }
        try {
          const accepted = await mutateAsync(resolved.token);
          // Recorded only on success: a failure is reported in every tab that tries (same server message).
          markInvitationHandled(shared, resolved.token);
          setStoredOrganization(accepted.organization_id);
          setStoredWebsite(null);
          notify(TOASTS.invitationAccepted);
        } catch (err) {
          console.error('accept_invitation failed', err);
          notify(TOASTS.acceptInvitationFailed, errorMessage(err));
        }
        if (resolved.fromMetadata) {
          await clearInvitationMetadata(client).catch((err: unknown) => console.error('clearing invitation_token failed', err));
        }
      } finally {
        clearPendingInvitation(storage);
        setStatus('done');
      }
    });
  }, [user, client, queryClient, mutateAsync, setStatus, setStoredOrganization, setStoredWebsite]);

  return null;
}
