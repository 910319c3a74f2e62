import { useCover } from '../../components/useCover';

/**
 * An album's or artist's cover, resized by the server for the `cssPx` it is shown at, or the
 * generated placeholder when it has none or it fails.
 */
export function Cover({ image, name, className, cssPx }: { image?: string; name: string; className?: string; cssPx: number }) {
  const cover = useCover(image, cssPx, name);
  return <img className={className} {...cover} alt={`Cover of ${name}`} loading="lazy" />;
}

/** "24 s", "42 min", "1 h 5 min": an album's or a list's total time. */
export function totalTime(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export const countLabel = (n: number, one: string) => `${n.toLocaleString('en')} ${n === 1 ? one : `${one}s`}`;
