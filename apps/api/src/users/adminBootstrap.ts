import type { AppContext } from '../context.js';

// Placeholder: filled in by the accounts feature (ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME).
export async function bootstrapAdmin(_ctx: AppContext): Promise<void> {}
