import { useState } from 'react';
import { coverSources, type CoverSources } from './cover';
import { coverPlaceholder } from './coverPlaceholder';

/**
 * An `<img>`'s cover props: the resized sources of `url` (coverSources), and the generated
 * placeholder for `name` when there is no cover or it fails to load.
 */
export function useCover(url: string | undefined | null, cssPx: number, name: string): CoverSources & { onError(): void } {
  const [broken, setBroken] = useState(false);
  const sources = coverSources(url, cssPx);
  const onError = () => setBroken(true);
  return broken || !sources.src ? { src: coverPlaceholder(name), onError } : { ...sources, onError };
}
