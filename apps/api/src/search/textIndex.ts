import MiniSearch, { type SearchResult } from 'minisearch';

/*
 * Full-text matching for the small indexes (a user's playlists, the Subsonic artists and albums),
 * on MiniSearch; the catalogue's songs have their own compact index (catalogueIndex.ts) with the
 * same words, typo allowance and ranking. MiniSearch was chosen over FlexSearch
 * (its typo tolerance is phonetic, with no per-term match information to rank by) and Orama (one
 * typo tolerance for the whole query, not per word length, and a much larger package).
 */

/** Lower case, accents removed: "Beyoncé" and "BEYONCE" both index as "beyonce". */
export function foldTerm(term: string): string {
  return term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words of 4+ letters match with one edit, 8+ with two. */
export const fuzziness = (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : false);

export const SEARCH_OPTIONS = {
  combineWith: 'AND',
  prefix: (_term: string, index: number, terms: string[]) => index === terms.length - 1,
  fuzzy: fuzziness,
  maxFuzzy: 2,
} as const;

export function createTextIndex<T extends { _id: string }>(fields: (keyof T & string)[], boost: Record<string, number>) {
  return new MiniSearch<T>({
    idField: '_id',
    fields,
    storeFields: [],
    processTerm: (term) => foldTerm(term) || null,
    searchOptions: { ...SEARCH_OPTIONS, boost },
  });
}

/** The query's words as the index sees them. */
export function queryTerms(query: string): string[] {
  return MiniSearch.getDefault('tokenize')(query).map(foldTerm).filter(Boolean);
}

/**
 * How a result matched, for ranking: 0 when every query word matched a whole word, 1 when the
 * worst was a prefix, 2 when a word needed a typo; and the weakest field any word needed, by its
 * position in `fields` (name before artist before album).
 */
export function matchTier(result: SearchResult, terms: string[], fields: string[]): { kind: number; field: number } {
  let kind = 0;
  let field = 0;
  const matched = Object.entries(result.match);
  for (const term of terms) {
    const exact = matched.filter(([docTerm]) => docTerm === term);
    const prefix = matched.filter(([docTerm]) => docTerm.startsWith(term));
    const hits = exact.length ? exact : prefix.length ? prefix : matched;
    kind = Math.max(kind, exact.length ? 0 : prefix.length ? 1 : 2);
    const best = Math.min(...hits.flatMap(([, inFields]) => inFields.map((f) => fields.indexOf(f))).filter((i) => i >= 0));
    field = Math.max(field, Number.isFinite(best) ? best : fields.length);
  }
  return { kind, field };
}
