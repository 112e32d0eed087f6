import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { mockAdapter } from '../../mock-adapter';
import { renderApp } from '../../render-app';

let teardown: (() => void) | null = null;
afterEach(() => {
  teardown?.();
  teardown = null;
  vi.useRealTimers();
});

function openDashboard(now: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
  const permissions = permissionsFor();
  seedSession({ permissions, user: ADMIN_USER });
  const server = mockAdapter({ 'GET /auth/me': { status: 200, data: ADMIN_USER }, 'GET /permissions': { status: 200, data: permissions } });
  teardown = renderApp('/', server.adapter).cleanup;
}

/* The suite runs under America/Hermosillo and UTC (vite.config.ts): the browser's day differs near midnight. */
describe('dashboard greeting', () => {
  it("shows today's date in Mexico City: Sunday 23:30 there is Monday in UTC", async () => {
    openDashboard('2026-11-23T05:30:00Z');
    expect(await screen.findByText('domingo, 22 de noviembre de 2026')).toBeInTheDocument();
  });

  it("shows today's date in Mexico City: Monday 00:30 there is still Sunday in Hermosillo", async () => {
    openDashboard('2026-11-23T06:30:00Z');
    expect(await screen.findByText('lunes, 23 de noviembre de 2026')).toBeInTheDocument();
  });
});
