/** Query keys shared by the shell, the guards and the features. */
export const queryKeys = {
  currentUser: ['session', 'current-user'] as const,
  permissions: ['session', 'permissions'] as const,
  /** GET /dashboard: the widgets of the signed-in user's role. */
  dashboard: ['dashboard'] as const,
  /** Every module's dashboard cards (their chunks, not a request): apart from the widgets' data, which invalidations refresh. */
  dashboardCards: ['dashboard-cards'] as const,
  /** GET /works/overview, whatever its filters. */
  worksOverview: ['works-overview'] as const,
  webhooks: ['integrations', 'webhooks'] as const,
};
