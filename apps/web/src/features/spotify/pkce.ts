/** RFC 7636 helpers: a random code verifier and its S256 challenge, with the browser's crypto. */

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** 64 random bytes → 86 URL-safe characters (the RFC allows 43 to 128). */
export function randomVerifier(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(64)));
}

/** An opaque value binding the redirect back to the login this tab started. */
export function randomState(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

/** BASE64URL(SHA-256(verifier)), the code_challenge for code_challenge_method=S256. */
export async function challengeFor(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}
