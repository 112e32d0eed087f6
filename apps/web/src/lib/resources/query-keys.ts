/*
 * Query keys of the record protocol (ARCHITECTURE.md "API conventions"). Every key starts with
 * ['resource', path] so one invalidation refreshes a resource's lists, records, history and the
 * pickers that read its /options; a write invalidates ['resource', path].
 */
export const resourceKeys = {
  all: (resource: string) => ['resource', resource] as const,
  list: (resource: string, params: Record<string, string>) => ['resource', resource, 'list', params] as const,
  options: (resource: string, params: Record<string, string>) => ['resource', resource, 'options', params] as const,
  optionLabels: (resource: string, ids: readonly number[]) => ['resource', resource, 'option-labels', ids] as const,
  record: (resource: string, id: number) => ['resource', resource, 'record', id] as const,
  history: (resource: string, id: number) => ['resource', resource, 'history', id] as const,
};
