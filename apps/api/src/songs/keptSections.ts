/*
 * The byte layout of what the catalogue's snapshot file keeps (the song table, the search index,
 * the Subsonic library): a JSON header line, then sections one after the other, each starting on
 * a multiple of its alignment: 4 for the kept views, and 8 for the song table, whose Float64Arrays
 * are views of the bytes themselves (one must start on a multiple of 8). A reader takes each array
 * as a copy (free of the bytes) or as a view of them (`view`).
 */

export type Alignment = 4 | 8;
const padded = (n: number, align: Alignment) => (n + align - 1) & ~(align - 1);

/** `header` as a JSON line, then each section, each starting on a multiple of `align`. */
export function encodeSections(header: unknown, sections: readonly ArrayBufferView[], align: Alignment = 4): Buffer {
  const headerLine = Buffer.from(`${JSON.stringify(header)}\n`);
  let length = padded(headerLine.length, align);
  for (const section of sections) length += padded(section.byteLength, align);
  const out = Buffer.alloc(length);
  headerLine.copy(out);
  let at = padded(headerLine.length, align);
  for (const section of sections) {
    out.set(new Uint8Array(section.buffer, section.byteOffset, section.byteLength), at);
    at += padded(section.byteLength, align);
  }
  return out;
}

type Typed = Uint8Array<ArrayBuffer> | Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer> | Float64Array<ArrayBuffer>;
type TypedArrayOf<A extends Typed> = { new (length: number): A; new (buffer: ArrayBuffer, byteOffset: number, length: number): A; BYTES_PER_ELEMENT: number };

/** Reads sections in the order they were written. */
export interface SectionReader {
  /** Typed arrays as copies (aligned, free of the file's buffer). */
  u32(count: number): Uint32Array<ArrayBuffer>;
  u8(count: number): Uint8Array<ArrayBuffer>;
  f64(count: number): Float64Array<ArrayBuffer>;
  /** A typed array over the bytes themselves, or a copy where they do not start on a multiple of its element's size. */
  view<A extends Typed>(type: TypedArrayOf<A>, count: number): A;
  /** A section's bytes as they are (a view of `bytes`). */
  bytes(byteLength: number): Buffer;
  text(byteLength: number): string;
  /** Throws unless every byte was read. */
  end(): void;
}

/** The header `encodeSections` wrote, and a reader of its sections; `what` names the kept part in errors. */
export function decodeSections<H>(bytes: Buffer, what: string, align: Alignment = 4): { header: H; read: SectionReader } {
  const lineEnd = bytes.indexOf(10);
  if (lineEnd < 0) throw new Error(`the kept ${what} has no header`);
  const header = JSON.parse(bytes.toString('utf8', 0, lineEnd)) as H;
  let at = padded(lineEnd + 1, align);
  const take = (byteLength: number) => {
    if (!(Number.isSafeInteger(byteLength) && byteLength >= 0 && at + byteLength <= bytes.length)) throw new Error(`the kept ${what} is cut short`);
    const slice = bytes.subarray(at, at + byteLength);
    at += padded(byteLength, align);
    return slice;
  };
  const copy = <A extends Typed>(out: A): A => {
    new Uint8Array(out.buffer).set(take(out.byteLength));
    return out;
  };
  return {
    header,
    read: {
      u32: (count) => copy(new Uint32Array(count)),
      u8: (count) => copy(new Uint8Array(count)),
      f64: (count) => copy(new Float64Array(count)),
      view: (type, count) => {
        if ((bytes.byteOffset + at) % type.BYTES_PER_ELEMENT !== 0) return copy(new type(count));
        const slice = take(count * type.BYTES_PER_ELEMENT);
        return new type(slice.buffer as ArrayBuffer, slice.byteOffset, count);
      },
      bytes: take,
      text: (byteLength) => take(byteLength).toString('utf8'),
      end() {
        if (at < bytes.length) throw new Error(`the kept ${what} has bytes past its sections`);
      },
    },
  };
}
