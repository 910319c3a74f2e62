import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';

/** Reads the newest .eml in the outbox addressed to `email` and returns its verification link. */
export async function verificationLink(dataDir: string, email: string, timeoutMs = 10_000): Promise<string> {
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
      const match = /https?:\/\/\S+\/users\/[0-9a-f]{24}\/verify\/[A-Za-z0-9_-]+/.exec(parsed.text ?? '');
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification mail for ${email} in ${outbox}`);
}
