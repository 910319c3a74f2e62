import { describe, expect, it } from 'vitest';
import { fieldErrors, loginSchema, PASSWORD_MAX_BYTES, registrationSchema } from './index.js';

const valid = { name: 'Asha', email: 'asha@example.com', password: 'Abcdef1!', gender: 'female' };
const errorsFor = (patch: Record<string, unknown>) => fieldErrors(registrationSchema, { ...valid, ...patch });

describe('registration schema', () => {
  it('accepts a valid payload', () => {
    expect(registrationSchema.validate(valid).error).toBeUndefined();
  });

  it.each([
    [3, '"Name" length must be at least 4 characters long'],
    [4, undefined],
    [20, undefined],
    [21, '"Name" length must be less than or equal to 20 characters long'],
  ])('name of %i characters', (length, message) => {
    expect(errorsFor({ name: 'n'.repeat(length) }).name).toBe(message);
  });

  it('requires a name', () => {
    expect(errorsFor({ name: undefined }).name).toBe('"Name" is required');
  });

  it.each(['a@b.co', 'someone@mail.example', 'x@y.verylongtldthatisnotreal', 'me@gmail.com'])(
    'accepts %s (any top-level domain)',
    (email) => {
      expect(errorsFor({ email }).email).toBeUndefined();
    },
  );

  it.each(['plainaddress', 'a@', '@b.com', 'a b@c.com'])('rejects %s', (email) => {
    expect(errorsFor({ email }).email).toBe('"Email" must be a valid email');
  });

  it.each([
    ['Abcde1!', '"Password" should be at least 8 characters long'],
    ['Abcdef1!', undefined],
    ['Abcdef1!' + 'a'.repeat(18), undefined],
    ['Abcdef1!' + 'a'.repeat(19), '"Password" should not be longer than 26 characters'],
  ])('password %s (length %#)', (password, message) => {
    expect(errorsFor({ password }).password).toBe(message);
  });

  it('keeps every password within the 72 UTF-8 bytes bcrypt reads', () => {
    const bytes = (value: string) => Buffer.byteLength(value, 'utf8');
    // The most bytes 26 characters can hold while three of them are an ASCII lower-case letter,
    // upper-case letter and digit: 3 + 23 × 3.
    const widest = 'Aa1' + '€'.repeat(23);
    expect([widest.length, bytes(widest)]).toEqual([26, PASSWORD_MAX_BYTES]);
    expect(errorsFor({ password: widest }).password).toBeUndefined();
    // The byte rule itself, should the character rules ever allow more.
    expect(errorsFor({ password: widest + '€' }).password).toBe('"Password" should not be longer than 26 characters');
  });

  it('pins the 7/8/26/27 boundaries', () => {
    expect('Abcde1!'.length).toBe(7);
    expect(('Abcdef1!' + 'a'.repeat(18)).length).toBe(26);
  });

  it.each([
    ['ABCDEF1!', '"Password" should contain at least 1 lower-cased letter'],
    ['abcdef1!', '"Password" should contain at least 1 upper-cased letter'],
    ['Abcdefg!', '"Password" should contain at least 1 number'],
    ['Abcdefg1', '"Password" should contain at least 1 symbol'],
  ])('password %s misses one class', (password, message) => {
    expect(errorsFor({ password }).password).toBe(message);
  });

  it('reports every failing rule of a password', () => {
    const { error } = registrationSchema.validate({ ...valid, password: 'abc' }, { abortEarly: false });
    expect(error?.details.map((d) => d.message)).toEqual([
      '"Password" should be at least 8 characters long',
      '"Password" should contain at least 1 upper-cased letter',
      '"Password" should contain at least 1 number',
      '"Password" should contain at least 1 symbol',
    ]);
  });

  it.each(['male', 'female', 'non-binary'])('accepts gender %s', (gender) => {
    expect(errorsFor({ gender }).gender).toBeUndefined();
  });

  it('rejects another gender', () => {
    expect(errorsFor({ gender: 'other' }).gender).toBe('"Gender" must be one of [male, female, non-binary]');
  });
});

describe('login schema', () => {
  it.each([
    [{ email: '', password: 'x' }],
    [{ email: 'a@b.co', password: '' }],
    [{}],
  ])('answers Email and password are required for %j', (payload) => {
    expect(loginSchema.validate(payload).error?.message).toBe('Email and password are required');
  });
});
