import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { queryClient } from '../api/queryClient';

// A busy machine (the whole suite, other jobs) renders a 10,000-row list or a page change in
// more than testing-library's default second; a wait that would succeed is not a failure.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Each test starts with an empty server-state cache.
  queryClient.clear();
  // Files that opt into the node environment (e.g. the Firebase SDK test) have no Web Storage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});

// jsdom has no ResizeObserver; Radix's positioned layers (menus) observe their size.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom has no pointer capture; Radix sliders capture the pointer while dragging.
if (typeof Element !== 'undefined' && !Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
}
