import fs from 'node:fs';
import path from 'node:path';

/**
 * A change to one or more of the vendored engine's source files. `from` must match as many times
 * as expected (`count`) in each file: when an upgrade moves the code, the build fails loudly
 * instead of shipping an engine without the change.
 */
export interface SourcePatch {
  files: readonly string[];
  from: string | RegExp;
  to: string;
  /** How many times `from` is in each file (default 1); every one is replaced. */
  count?: number;
}

const FERRET = 'vendor/github.com/FerretDB/FerretDB/internal';

/**
 * FerretDB v1.24.2's SQLite backend finds a document by `_id` with the expression
 * `_ferretdb_sjson->'$._id'`, while the unique index it creates on every collection is on
 * `_ferretdb_sjson->"_id"`. SQLite does not see that the two are the same, so every read, update
 * and delete by `_id` scanned the whole table, slower the larger the collection. The lookup is
 * written as the index's expression (same value: a text label X after `->` is the path '$.X'),
 * so those become index searches, on existing databases too.
 */
export const ID_LOOKUP_PATCH: SourcePatch = {
  files: [`${FERRET}/backends/sqlite/metadata/metadata.go`],
  from: `IDColumn = DefaultColumn + "->'$._id'"`,
  to: `IDColumn = DefaultColumn + "->'_id'"`,
};

/**
 * Every value the engine reads back from SQLite is decoded by its own `json.NewDecoder`, which
 * allocates a read buffer per value: an array of 300 ObjectIds cost 300 buffers, and decoding
 * was most of the engine's time on reads and updates of such documents. `json.Unmarshal` gives
 * the same values and the same errors for these targets (a scalar, a raw array or object; no
 * struct, so DisallowUnknownFields changed nothing) without the buffers.
 */
export const VALUE_DECODE_PATCH: SourcePatch = {
  files: ['array', 'bool', 'datetime', 'document', 'double', 'int32', 'int64', 'object_id', 'regex', 'string', 'timestamp'].map(
    (name) => `${FERRET}/handler/sjson/${name}.go`,
  ),
  from: new RegExp(
    [
      '\\tr := bytes\\.NewReader\\(data\\)\\n\\tdec := json\\.NewDecoder\\(r\\)\\n(?:\\tdec\\.DisallowUnknownFields\\(\\)\\n)?\\n',
      '\\tvar (\\w+) ([^\\n]+)\\n\\tif err := dec\\.Decode\\(&\\1\\); err != nil \\{\\n\\t\\treturn lazyerrors\\.Error\\(err\\)\\n\\t\\}\\n\\n',
      '\\tif err := checkConsumed\\(dec, r\\); err != nil \\{\\n\\t\\treturn lazyerrors\\.Error\\(err\\)\\n\\t\\}\\n',
    ].join(''),
  ),
  to: '\tvar $1 $2\n\tif err := json.Unmarshal(data, &$1); err != nil {\n\t\treturn lazyerrors.Error(err)\n\t}\n',
};

/**
 * The backend looks a document up by `_id` on the index only when the filter is `{_id}` alone;
 * `{_id, user}` or a compare-and-set `{_id, field: value}` read the whole table. The handler
 * applies the whole filter to every document the backend returns, so narrowing the rows to that
 * `_id` first returns the same documents, from the index.
 */
export const ID_FILTER_PATCH: SourcePatch = {
  files: [`${FERRET}/backends/sqlite/collection.go`],
  from: 'if params.Filter.Len() == 1 {\n\t\tv, _ := params.Filter.Get("_id")',
  to: 'if params.Filter.Len() >= 1 {\n\t\tv, _ := params.Filter.Get("_id")',
  count: 2,
};

/**
 * A find by a list of ids, `{_id: {$in: [...]}}`, read the whole table: the backend narrows the
 * rows by `_id` only for a single string or ObjectId. A list of those (at most ID_LIST_MAX) is
 * looked up on the same index, `_id IN (...)`; the handler still applies the whole filter to
 * what comes back, so the documents found are the same. Applies after ID_FILTER_PATCH.
 */
export const ID_LIST_MAX = 1000;
export const ID_LIST_PATCH: SourcePatch = {
  files: [`${FERRET}/backends/sqlite/collection.go`],
  // In the query and in its explanation.
  from: '\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}\n\t\t}\n\t}\n',
  to: [
    '\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}',
    '\t\tcase *types.Document:',
    '\t\t\tin, _ := v.(*types.Document).Get("$in")',
    `\t\t\tif ids, ok := in.(*types.Array); ok && v.(*types.Document).Len() == 1 && ids.Len() > 0 && ids.Len() <= ${ID_LIST_MAX} {`,
    '\t\t\t\tmarks := make([]string, 0, ids.Len())',
    '\t\t\t\tkeys := make([]any, 0, ids.Len())',
    '\t\t\t\tfor i := 0; i < ids.Len(); i++ {',
    '\t\t\t\t\tswitch id := must.NotFail(ids.Get(i)); id.(type) {',
    '\t\t\t\t\tcase string, types.ObjectID:',
    '\t\t\t\t\t\tmarks = append(marks, "?")',
    '\t\t\t\t\t\tkeys = append(keys, string(must.NotFail(sjson.MarshalSingleValue(id))))',
    '\t\t\t\t\t}',
    '\t\t\t\t}',
    '\t\t\t\tif len(keys) == ids.Len() {',
    '\t\t\t\t\twhereClause = fmt.Sprintf(` WHERE %s IN (%s)`, metadata.IDColumn, strings.Join(marks, ", "))',
    '\t\t\t\t\targs = keys',
    '\t\t\t\t}',
    '\t\t\t}',
    '\t\t}',
    '\t}',
    '',
  ].join('\n'),
  count: 2,
};

/**
 * Every transaction, query and iterator is registered with a pprof profile, its stack captured,
 * and given a finalizer that crashes the engine if it was never released: a leak check for
 * FerretDB's own tests, a twelfth of the time of a small update here. Registering is switched off.
 */
const RESOURCE_FILE = `${FERRET}/util/resource/resource.go`;
export const RESOURCE_TRACKING_PATCHES: readonly SourcePatch[] = [
  {
    files: [RESOURCE_FILE],
    from: '// profilesM protects access to profiles.',
    to: '// trackResources switches the leak check on.\nconst trackResources = false\n\n// profilesM protects access to profiles.',
  },
  {
    files: [RESOURCE_FILE],
    from: '\tcheckArgs(obj, token)\n\n\tname := profileName(obj)',
    to: '\tcheckArgs(obj, token)\n\n\tif !trackResources {\n\t\treturn\n\t}\n\n\tname := profileName(obj)',
  },
  {
    files: [RESOURCE_FILE],
    from: '\tcheckArgs(obj, token)\n\n\tp := pprof.Lookup(profileName(obj))',
    to: '\tcheckArgs(obj, token)\n\n\tif !trackResources {\n\t\treturn\n\t}\n\n\tp := pprof.Lookup(profileName(obj))',
  },
];

export const ENGINE_PATCHES: readonly SourcePatch[] = [ID_LOOKUP_PATCH, VALUE_DECODE_PATCH, ID_FILTER_PATCH, ID_LIST_PATCH, ...RESOURCE_TRACKING_PATCHES];

/** What identifies the patches, for the binary's name: changed patches build a new binary. */
export function patchesFingerprint(): string {
  return JSON.stringify(ENGINE_PATCHES.map(({ files, from, to, count }) => ({ files, from: String(from), to, count })));
}

/** Applies every patch to the vendored source in `dir`. */
export function applyEnginePatches(dir: string): void {
  for (const patch of ENGINE_PATCHES) {
    for (const relative of patch.files) {
      const file = path.join(dir, relative);
      const text = fs.readFileSync(file, 'utf8');
      const expected = patch.count ?? 1;
      const every = typeof patch.from === 'string' ? patch.from : new RegExp(patch.from, 'g');
      const matches = typeof every === 'string' ? text.split(every).length - 1 : (text.match(every) ?? []).length;
      if (matches !== expected) throw new Error(`cannot patch ${relative}: the expected code is found ${matches} times, not ${expected}`);
      fs.chmodSync(file, 0o644);
      fs.writeFileSync(file, typeof every === 'string' ? text.split(every).join(patch.to) : text.replace(every, patch.to));
    }
  }
}
