import Joi from 'joi';

/** An API key as its owner sees it in the Apps panel; the key itself is shown only once. */
export interface ApiKeyInfo {
  id: string;
  name: string;
  /** ISO date. */
  createdAt: string;
  /** False for keys made before app passwords: they work as API keys, not for token sign-in. */
  tokenSignIn: boolean;
}

/** `data` of POST /api/account/api-keys. */
export interface CreatedApiKey {
  key: string;
  info: ApiKeyInfo;
}

export const API_KEY_LIMIT = 20;

export const apiKeyInputSchema = Joi.object<{ name: string }>({
  name: Joi.string().trim().min(1).max(50).required().label('Name'),
});

export const API_KEY_MESSAGES = {
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked',
  notFound: 'API key not found',
  tooMany: `You can have at most ${API_KEY_LIMIT} API keys. Revoke one first.`,
  /** The Apps page's "Password" line. */
  passwordHint:
    'An API key from below. Type it where the app asks for the password (its default sign-in works) or, in apps that have one, into the API key field. Your Samaa password works only with the app\'s plain-password option.',
  /** Beside a key made before keys doubled as app passwords. */
  apiKeyOnly: 'API key field only. Create a new key to use it as a password.',
  /** Subsonic error 41: a salted token that no app key of the account makes. */
  tokenNeedsAppKey:
    'Token sign-in takes an API key from the Apps page as the password, not your Samaa password. Create a key there, or turn off token authentication in the app.',
} as const;
