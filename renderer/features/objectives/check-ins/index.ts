// Key-result check-ins, shown on the key-result cards of the objective details page.
export { KeyResultCheckIns } from './components/KeyResultCheckIns';
export { useCheckIns } from './api/check-ins';
