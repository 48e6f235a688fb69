export const profileKeys = {
  all: ['profile'] as const,
  /** The signed-in user's row of user_profiles. */
  detail: (userId: string | undefined) => [...profileKeys.all, 'detail', userId] as const,
  update: () => [...profileKeys.all, 'update'] as const,
};
