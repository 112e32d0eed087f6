/** Query keys shared by the shell, the guards and the features. */
export const queryKeys = {
  currentUser: ['session', 'current-user'] as const,
  permissions: ['session', 'permissions'] as const,
};
