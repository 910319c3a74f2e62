// The auth feature's public face: what other features may use.
export { EmailField } from './EmailField';
export * from './registrationForm';
