import { encodePng } from './png.js';

export type Rgb = readonly [number, number, number];

export interface CoverStyle {
  /** Background gradient, top-left to bottom-right. */
  from: Rgb;
  to: Rgb;
  accent: Rgb;
  motif: 'vinyl' | 'sunset' | 'waves';
}

const SIZE = 256;

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** 0 outside, 1 inside, a one-pixel soft edge between (cheap anti-aliasing). */
const inside = (distance: number, radius: number) => Math.max(0, Math.min(1, radius - distance + 0.5));

function vinyl(x: number, y: number, base: Rgb, style: CoverStyle): Rgb {
  const d = Math.hypot(x - 150, y - 140);
  const groove = 0.5 + 0.5 * Math.sin(d * 1.3);
  const disc: Rgb = mix([14, 14, 18], [40, 40, 48], groove * (d > 38 ? 0.35 : 0));
  let out = mix(base, disc, inside(d, 92));
  out = mix(out, style.accent, inside(d, 34));
  return mix(out, base, inside(d, 4));
}

function sunset(x: number, y: number, base: Rgb, style: CoverStyle): Rgb {
  const d = Math.hypot(x - 128, y - 150);
  const sun = inside(d, 70);
  // Horizontal gaps cut through the lower half of the sun.
  const band = y > 150 && Math.floor((y - 150) / 9) % 2 === 1 ? 0 : 1;
  const out = mix(base, style.accent, sun * band);
  return y > 205 ? mix(out, [10, 10, 20], 0.55) : out;
}

function waves(x: number, y: number, base: Rgb, style: CoverStyle): Rgb {
  const wave = Math.sin(x / 22 + y / 40) * 14;
  const lane = Math.floor((y + wave) / 28);
  const t = lane % 2 === 0 ? 0.55 : 0;
  return mix(base, style.accent, t * Math.min(1, y / 120));
}

/** A 256×256 PNG cover: a gradient with a simple motif. */
export function coverArtPng(style: CoverStyle): Buffer {
  const rgb = new Uint8Array(SIZE * SIZE * 3);
  const motif = { vinyl, sunset, waves }[style.motif];
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const base = mix(style.from, style.to, (x + y) / (2 * SIZE));
      const [r, g, b] = motif(x, y, base, style);
      const i = (y * SIZE + x) * 3;
      rgb[i] = Math.round(r);
      rgb[i + 1] = Math.round(g);
      rgb[i + 2] = Math.round(b);
    }
  }
  return encodePng(SIZE, SIZE, rgb);
}
