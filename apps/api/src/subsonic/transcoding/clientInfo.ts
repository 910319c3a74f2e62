import Joi from 'joi';

/*
 * The OpenSubsonic `transcoding` extension's ClientInfo payload (the JSON body of
 * getTranscodeDecision): what a client plays as it is, what it wants encodes in, and its limits.
 * Bit rates are in bits per second.
 */

export interface Limitation {
  name: string;
  comparison: string;
  values: string[];
  required: boolean;
}

export interface ClientInfo {
  name: string;
  platform: string;
  maxAudioBitrate: number;
  maxTranscodingAudioBitrate: number;
  directPlayProfiles: { containers: string[]; audioCodecs: string[]; protocols: string[]; maxAudioChannels?: number }[];
  transcodingProfiles: { container: string; audioCodec: string; protocol: string; maxAudioChannels?: number }[];
  codecProfiles: { type: string; name: string; limitations: Limitation[] }[];
}

const name = Joi.string().trim().lowercase().max(40).allow('');
/** A list, or (as the first draft of the extension had it) one comma-separated string. */
const names = Joi.alternatives(
  Joi.array().items(name).max(50),
  Joi.string().max(400).allow('').custom((text: string) => text.split(',').map((part) => part.trim().toLowerCase()).filter(Boolean)),
).default([]);
const channels = Joi.number().integer().min(0).max(64);

const schema = Joi.object({
  name: Joi.string().max(200).allow('').default(''),
  platform: Joi.string().max(200).allow('').default(''),
  maxAudioBitrate: Joi.number().integer().min(0).default(0),
  maxTranscodingAudioBitrate: Joi.number().integer().min(0).default(0),
  directPlayProfiles: Joi.array()
    .items(
      Joi.object({
        containers: names,
        container: names,
        audioCodecs: names,
        audioCodec: names,
        protocols: names,
        protocol: names,
        maxAudioChannels: channels,
      }).unknown(true),
    )
    .max(50)
    .default([]),
  transcodingProfiles: Joi.array()
    .items(Joi.object({ container: name.required(), audioCodec: name.required(), protocol: name.default('http'), maxAudioChannels: channels }).unknown(true))
    .max(50)
    .default([]),
  codecProfiles: Joi.array()
    .items(
      Joi.object({
        type: Joi.string().max(40).required(),
        name: name.required(),
        limitations: Joi.array()
          .items(
            Joi.object({
              name: Joi.string().max(40).required(),
              comparison: Joi.string().valid('Equals', 'NotEquals', 'LessThanEqual', 'GreaterThanEqual').required(),
              values: Joi.alternatives(Joi.array().items(Joi.string().max(40), Joi.number()).max(50), Joi.string().max(40), Joi.number()),
              value: Joi.alternatives(Joi.string().max(40), Joi.number()),
              required: Joi.boolean().default(false),
            }).unknown(true),
          )
          .max(50)
          .default([]),
      }).unknown(true),
    )
    .max(50)
    .default([]),
}).unknown(true);

const list = (value: unknown): string[] => (value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String));

/** A validated ClientInfo, or the first thing wrong with it. */
export function parseClientInfo(body: unknown): ClientInfo | string {
  const { value, error } = schema.validate(body, { abortEarly: true, convert: true });
  if (error) return error.message;
  const v = value as Record<string, unknown> & {
    directPlayProfiles: Record<string, string[] | number | undefined>[];
    codecProfiles: { type: string; name: string; limitations: Record<string, unknown>[] }[];
  };
  return {
    ...(v as unknown as ClientInfo),
    directPlayProfiles: v.directPlayProfiles.map((p) => ({
      containers: [...list(p.containers), ...list(p.container)],
      audioCodecs: [...list(p.audioCodecs), ...list(p.audioCodec)],
      protocols: [...list(p.protocols), ...list(p.protocol)],
      maxAudioChannels: p.maxAudioChannels as number | undefined,
    })),
    codecProfiles: v.codecProfiles.map((p) => ({
      type: p.type,
      name: p.name,
      limitations: p.limitations.map((l) => ({
        name: String(l.name),
        comparison: String(l.comparison),
        values: [...list(l.values), ...list(l.value)],
        required: Boolean(l.required),
      })),
    })),
  };
}
