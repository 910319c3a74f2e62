import Joi from 'joi';
import passwordComplexityModule from 'joi-password-complexity';
import { GENDERS, type User } from '../types.js';

// The package's types describe an ES default export, but Node loads its CommonJS build, whose
// module.exports is the function itself; accept both shapes.
type PasswordComplexity = typeof passwordComplexityModule.default;
const passwordComplexity: PasswordComplexity =
  (passwordComplexityModule as unknown as { default?: PasswordComplexity }).default ??
  (passwordComplexityModule as unknown as PasswordComplexity);

/** The password rules of registration and password changes: all four classes required. */
export const PASSWORD_RULES = {
  min: 8,
  max: 26,
  lowerCase: 1,
  upperCase: 1,
  numeric: 1,
  symbol: 1,
  requirementCount: 4,
} as const;

/**
 * bcrypt reads only the first 72 bytes of a password, so a longer one would be accepted with any
 * ending. Today's rules keep every password within it (26 characters, three of them ASCII: at most
 * 72 bytes); the rule below keeps it so if the character rules change, and the login refuses
 * longer passwords outright.
 */
export const PASSWORD_MAX_BYTES = 72;

function utf8Bytes(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export const NAME_LIMITS = { min: 4, max: 20 } as const;

export const registrationSchema = Joi.object<User>({
  name: Joi.string().trim().min(NAME_LIMITS.min).max(NAME_LIMITS.max).required().label('Name'),
  email: Joi.string()
    .trim()
    .email({ tlds: { allow: false } })
    .required()
    .label('Email'),
  password: passwordComplexity({ ...PASSWORD_RULES })
    .custom((value: string, helpers) => (utf8Bytes(value) > PASSWORD_MAX_BYTES ? helpers.error('password.bytes') : value))
    .messages({
      'password.bytes': `{{#label}} should not be longer than ${PASSWORD_MAX_BYTES} bytes (letters beyond basic Latin take 2 to 4 bytes each)`,
    })
    .required()
    .label('Password'),
  gender: Joi.string()
    .valid(...GENDERS)
    .required()
    .label('Gender'),
});

export const loginSchema = Joi.object<{ email: string; password: string }>({
  email: Joi.string().trim().max(254).required().label('Email'),
  password: Joi.string().max(200).required().label('Password'),
}).messages({
  'any.required': 'Email and password are required',
  'string.empty': 'Email and password are required',
});

/** A new password follows the same rules as at sign-up. */
export const newPasswordSchema = registrationSchema.extract('password') as Joi.StringSchema;

export const changePasswordSchema = Joi.object<{ currentPassword: string; newPassword: string }>({
  currentPassword: Joi.string().max(200).required().label('Current password'),
  newPassword: newPasswordSchema,
});

export const forgotPasswordSchema = Joi.object<{ email: string }>({
  email: Joi.string().trim().max(254).required().label('Email'),
});

export const resetPasswordSchema = Joi.object<{ userId: string; token: string; password: string }>({
  userId: Joi.string().hex().length(24).required().label('User'),
  token: Joi.string().hex().length(64).required().label('Token'),
  password: newPasswordSchema,
});
