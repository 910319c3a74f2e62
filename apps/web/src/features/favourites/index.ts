export { VirtualCardGrid } from './VirtualCardGrid';
