import { describe, expect, it } from 'vitest';
import { allowedViews, projectsResource, type PermissionEntry } from '../../src/index';

const flags = (on: Partial<Omit<PermissionEntry, 'module'>>): PermissionEntry => ({
  module: { name: 'projects' },
  view: false,
  create: false,
  edit: false,
  delete: false,
  ...on,
});

describe('projects views', () => {
  it('opens mine with any projects flag and all only with projects edit', () => {
    expect(allowedViews(projectsResource, { permissions: [flags({ view: true })] })).toEqual(['mine']);
    expect(allowedViews(projectsResource, { permissions: [flags({ create: true, delete: true })] })).toEqual(['mine']);
    expect(allowedViews(projectsResource, { permissions: [flags({ edit: true })] })).toEqual(['mine', 'all']);
    expect(allowedViews(projectsResource, { permissions: [] })).toEqual([]);
  });

  it('keeps the ordered amount out of the forms', () => {
    expect(projectsResource.schemas.createInput.safeParse({ code: 'P-1', name: 'Uno', workId: 1, managerId: 1, ordered: 5 }).data).not.toHaveProperty('ordered');
  });
});
