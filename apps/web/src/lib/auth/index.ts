export { AuthProvider } from './AuthProvider';
export { useAuth } from './context';
export { withSessionLock } from './session-api';
