import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startOfflineCacheWhenSignedIn } from './lib/offline/start';
import { endSession } from './lib/session/session';
import { getTransport } from './lib/transport';

// spec §4/§8: a 401 from any call ends the session everywhere (storage, cache, screens).
getTransport().onUnauthorized(endSession);
// Offline viewing: the signed-in user's kept answers come back at start, and a sign-out clears them.
startOfflineCacheWhenSignedIn();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost its #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
