// issue 22 (Recovery): the built-in hub's banner (desktop). The banner itself is its own chunk.
export { hubStatusAtom, restartHub, startHubStatus } from './state';
export { isHubDown } from './messages';
