/** Up to two initials of a name ("Road trip" → "RT"), "♪" when there are none. */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '');
  return letters.join('') || '♪';
}

/** A stable hue per name, so the same playlist always gets the same gradient. */
function hue(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

/** An SVG gradient with the initials, as a data URL: the cover of a playlist without an image. */
export function coverPlaceholder(name: string): string {
  const from = hue(name);
  const to = (from + 70) % 360;
  const text = initials(name).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${from},70%,45%)"/><stop offset="1" stop-color="hsl(${to},70%,30%)"/>` +
    `</linearGradient></defs><rect width="200" height="200" fill="url(#g)"/>` +
    `<text x="100" y="100" dy=".35em" text-anchor="middle" font-family="Segoe UI,system-ui,sans-serif" ` +
    `font-size="72" font-weight="700" fill="rgba(255,255,255,.92)">${text}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
