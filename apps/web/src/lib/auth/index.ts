export { AuthProvider } from './AuthProvider';
export { type AuthContextValue, type AuthEvent, useAuth } from './context';
