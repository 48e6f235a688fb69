/**
 * Keys of the auth domain. The session itself is not a query: it comes from supabase-js's
 * auth event stream into jotai (state/auth-atoms.ts). These keys name the auth mutations.
 */
export const authKeys = {
  all: ['auth'] as const,
  signIn: () => [...authKeys.all, 'sign-in'] as const,
  signUp: () => [...authKeys.all, 'sign-up'] as const,
  signOut: () => [...authKeys.all, 'sign-out'] as const,
  resetPassword: () => [...authKeys.all, 'reset-password'] as const,
  updatePassword: () => [...authKeys.all, 'update-password'] as const,
  completeSignup: () => [...authKeys.all, 'complete-signup'] as const,
};
