import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/app';
import { listenForInstallOffer } from './lib/install-prompt';
import { settleStoredSession } from './lib/session/stored-session';

// Before the first request: a session left by a closed browser or a long pause is over (docs/spec.md "Session renewal").
settleStoredSession();
// Before the browser decides to offer installing GOC, which may be before anyone signs in.
listenForInstallOffer();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
