import { vi } from 'vitest';

/**
 * jsdom has no layout: virtualised lists, tables and grids see an 800 x 640 viewport (four cards
 * a row in a grid). Call in a beforeEach; vi.restoreAllMocks() takes it back.
 */
export function stubViewport(): void {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
}
