import mongoose, {
  type Connection,
  type HydratedDocument,
  type InferSchemaType,
  type Model,
  type ObtainSchemaGeneric,
  type Schema,
} from 'mongoose';

/** A model a repository reads and writes, bound to a connection only when an app resolves it. */
export interface ModelDefinition<TSchema extends Schema> {
  name: string;
  schema: TSchema;
  /** The collection's name, when not Mongoose's plural of `name`. */
  collection?: string;
}

export const defineModel = <TSchema extends Schema>(name: string, schema: TSchema, collection?: string): ModelDefinition<TSchema> => ({
  name,
  schema,
  collection,
});

/**
 * What a repository keeps for one app's data besides its models (a read model, writes being
 * grouped), made on first use from that data and kept by it, so two apps share none of it.
 */
export interface KeptDefinition<T> {
  name: string;
  make(data: AppData): T;
}

export const defineKept = <T>(name: string, make: (data: AppData) => T): KeptDefinition<T> => ({ name, make });

/** The model `mongoose.model(name, schema)` gives for a schema (Mongoose's own typing of it). */
export type BoundModel<TSchema extends Schema> = Model<
  InferSchemaType<TSchema>,
  ObtainSchemaGeneric<TSchema, 'TQueryHelpers'>,
  ObtainSchemaGeneric<TSchema, 'TInstanceMethods'>,
  ObtainSchemaGeneric<TSchema, 'TVirtuals'>,
  HydratedDocument<
    InferSchemaType<TSchema>,
    ObtainSchemaGeneric<TSchema, 'TVirtuals'> & ObtainSchemaGeneric<TSchema, 'TInstanceMethods'>,
    ObtainSchemaGeneric<TSchema, 'TQueryHelpers'>,
    ObtainSchemaGeneric<TSchema, 'TVirtuals'>,
    ObtainSchemaGeneric<TSchema, 'TSchemaOptions'>
  >,
  TSchema
> &
  ObtainSchemaGeneric<TSchema, 'TStaticMethods'>;

/**
 * An app's data: the connection its repositories use and their models on it, made once each.
 * Each `AppContext` holds one, so two apps in one process may use two databases; the server's
 * is Mongoose's default connection.
 */
export class AppData {
  private readonly models = new Map<ModelDefinition<Schema>, Model<unknown>>();
  private readonly keptParts = new Map<KeptDefinition<unknown>, unknown>();

  constructor(readonly connection: Connection = mongoose.connection) {}

  /** The database's name (part of the catalogue's version tag). */
  get name(): string {
    return this.connection.name;
  }

  model<TSchema extends Schema>(definition: ModelDefinition<TSchema>): BoundModel<TSchema> {
    let model = this.models.get(definition);
    if (!model) {
      model = this.connection.model(definition.name, definition.schema, definition.collection) as Model<unknown>;
      this.models.set(definition, model);
    }
    return model as unknown as BoundModel<TSchema>;
  }

  /** What a repository keeps for this data (`defineKept`), made once. */
  kept<T>(definition: KeptDefinition<T>): T {
    if (!this.keptParts.has(definition)) this.keptParts.set(definition, definition.make(this));
    return this.keptParts.get(definition) as T;
  }

  /** The names of the kept parts made so far (tests: a request after the start makes none). */
  keptMade(): string[] {
    return [...this.keptParts.keys()].map((definition) => definition.name);
  }

  /** Drops every kept part (a test that wipes the database drops what was read from it). */
  forgetKept(): void {
    this.keptParts.clear();
  }

  /** Builds the indexes of these models on this connection (the server, once at start). */
  async createIndexes(definitions: readonly ModelDefinition<Schema>[]): Promise<void> {
    await Promise.all(definitions.map((definition) => this.model(definition).createIndexes()));
  }
}
