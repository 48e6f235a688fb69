export const teamKeys = {
  all: ['team'] as const,
  /** Members of one organization with their profiles. */
  members: (organizationId: string | undefined) => [...teamKeys.all, 'members', organizationId] as const,
  /** Pending (not yet accepted) invitations of one organization; admins only. */
  invitations: (organizationId: string | undefined) => [...teamKeys.all, 'invitations', organizationId] as const,
  inviteMember: () => [...teamKeys.all, 'invite'] as const,
  updateRole: () => [...teamKeys.all, 'update-role'] as const,
  removeMember: () => [...teamKeys.all, 'remove'] as const,
  acceptInvitation: () => [...teamKeys.all, 'accept-invitation'] as const,
  /** What an invitation link's token says about the invitation (rpc invitation_preview, anon). */
  invitationPreview: (token: string) => [...teamKeys.all, 'invitation-preview', token] as const,
};
