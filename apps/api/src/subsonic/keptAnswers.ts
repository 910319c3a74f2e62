import { LRUCache } from 'lru-cache';
import type { CatalogueView } from '../songs/songs.service.js';
import { renderBody, type Payload, type ResponseFormat } from './response.js';

/*
 * Answers that are the same for every listener until the library (or the play counts) change,
 * rendered once per format and sent as they are: a page of albums in a catalogue-wide order is
 * asked for again and again while clients scroll. A view of the catalogue, dropped with the
 * snapshot (and so the library) they were made from, and kept per play counts (a play makes new
 * counts).
 */

export interface RenderedAnswer {
  body: Buffer;
  /** The ETag Express would make of the body, made once. */
  etag: string | undefined;
}

export class KeptAnswer {
  private payload: Payload | undefined;
  private readonly rendered = new Map<ResponseFormat, RenderedAnswer>();

  constructor(private readonly make: () => Payload) {}

  /** The answer as a payload (for the calls that reshape another call's answer). */
  value(): Payload {
    return (this.payload ??= this.make());
  }

  render(format: ResponseFormat, serverVersion: string, etagOf: ((body: Buffer) => string | undefined) | undefined): RenderedAnswer {
    let answer = this.rendered.get(format);
    if (!answer) {
      const body = Buffer.from(renderBody(format, serverVersion, 'ok', this.value()));
      answer = { body, etag: etagOf?.(body) };
      this.rendered.set(format, answer);
    }
    return answer;
  }
}

/** Different pages kept per library and play counts: the ones clients page through. */
const PAGES_KEPT = 256;

/** One snapshot's kept answers, by the play counts they were made with. */
export type KeptAnswers = WeakMap<object, LRUCache<string, KeptAnswer>>;

/** Never patched: a song write starts afresh. */
export const keptAnswersView: CatalogueView<KeptAnswers> = {
  name: 'keptAnswers',
  build: () => new WeakMap(),
};

/** The answer `key` made from the snapshot's library (whose kept answers `byCounts` are) and `counts`, kept while both are current. */
export function keptAnswer(byCounts: KeptAnswers, counts: object, key: string, make: () => Payload): KeptAnswer {
  let answers = byCounts.get(counts);
  if (!answers) byCounts.set(counts, (answers = new LRUCache({ max: PAGES_KEPT })));
  let answer = answers.get(key);
  if (!answer) answers.set(key, (answer = new KeptAnswer(make)));
  return answer;
}
