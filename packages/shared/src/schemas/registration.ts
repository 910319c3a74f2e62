import Joi from 'joi';
import passwordComplexityModule from 'joi-password-complexity';
import { GENDERS, type User } from '../types.js';

// The package's types describe an ES default export, but Node loads its CommonJS build, whose
// module.exports is the function itself; accept both shapes.
type PasswordComplexity = typeof passwordComplexityModule.default;
const passwordComplexity: PasswordComplexity =
  (passwordComplexityModule as unknown as { default?: PasswordComplexity }).default ??
  (passwordComplexityModule as unknown as PasswordComplexity);

/** SPEC.md §5 and §9: the password rules, all four classes required. */
export const PASSWORD_RULES = {
  min: 8,
  max: 26,
  lowerCase: 1,
  upperCase: 1,
  numeric: 1,
  symbol: 1,
  requirementCount: 4,
} as const;

export const NAME_LIMITS = { min: 4, max: 20 } as const;

export const registrationSchema = Joi.object<User>({
  name: Joi.string().trim().min(NAME_LIMITS.min).max(NAME_LIMITS.max).required().label('Name'),
  email: Joi.string()
    .trim()
    .email({ tlds: { allow: false } })
    .required()
    .label('Email'),
  password: passwordComplexity({ ...PASSWORD_RULES }).required().label('Password'),
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
