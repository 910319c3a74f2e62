import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';

/** Reads the newest .eml in the outbox addressed to `email` and returns its verification link. */
export function verificationLink(dataDir: string, email: string, timeoutMs = 10_000): Promise<string> {
  return mailedLink(dataDir, email, /https?:\/\/\S+\/users\/[0-9a-f]{24}\/verify\/[A-Za-z0-9_-]+/, timeoutMs);
}

/** The password-reset link in the newest mail to `email`. */
export function passwordResetLink(dataDir: string, email: string, timeoutMs = 10_000): Promise<string> {
  return mailedLink(dataDir, email, /https?:\/\/\S+\/reset-password\/[0-9a-f]{24}\/[0-9a-f]{64}/, timeoutMs);
}

/** The first match of `pattern` in the newest .eml of the outbox addressed to `email`. */
async function mailedLink(dataDir: string, email: string, pattern: RegExp, timeoutMs: number): Promise<string> {
  const outbox = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => path.join(outbox, f))
          .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
      : [];
    for (const file of files) {
      const parsed = await PostalMime.parse(fs.readFileSync(file));
      if (!parsed.to?.some((to) => to.address?.toLowerCase() === email.toLowerCase())) continue;
      const match = pattern.exec(parsed.text ?? '');
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail matching ${pattern} for ${email} in ${outbox}`);
}
