export { CopyButton } from './CopyButton';
