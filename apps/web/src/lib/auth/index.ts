export { AuthProvider } from './AuthProvider';
export { useAuth } from './context';
