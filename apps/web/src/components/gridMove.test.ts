import { describe, expect, it } from 'vitest';
import { gridMove } from './gridMove';

// Seven cards, three to a row:  0 1 2 / 3 4 5 / 6
describe('gridMove', () => {
  it.each([
    ['ArrowRight', 0, 1],
    ['ArrowRight', 2, 3],
    ['ArrowLeft', 3, 2],
    ['ArrowDown', 1, 4],
    ['ArrowDown', 5, 6],
    ['ArrowUp', 4, 1],
    ['ArrowUp', 6, 3],
    ['Home', 5, 0],
    ['End', 1, 6],
  ])('%s from %i goes to %i', (key, from, to) => {
    expect(gridMove(key, from, 3, 7)).toBe(to);
  });

  it.each([
    ['ArrowLeft', 0],
    ['ArrowRight', 6],
    ['ArrowUp', 2],
    ['ArrowDown', 6],
    ['Home', 0],
    ['End', 6],
    ['Enter', 3],
    ['a', 3],
  ])('%s from %i stays put', (key, from) => {
    expect(gridMove(key, from, 3, 7)).toBeUndefined();
  });
});
