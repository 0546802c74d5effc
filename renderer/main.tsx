import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startOfflineCache } from './lib/offline/runtime';
import { endSession } from './lib/session/session';
import { getTransport } from './lib/transport';

// spec §4/§8: a 401 from any call ends the session everywhere (storage, cache, screens).
getTransport().onUnauthorized(endSession);
// issue 6: the signed-in user's kept answers are back before the first screen asks for them
startOfflineCache();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost its #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
