import type { AppContext } from '../context.js';
import { AdminSetupError, ensureAdmin } from './adminAccount.js';

/**
 * Start-up admin from ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME: creates that verified admin, or
 * promotes and verifies the existing user with that email. Idempotent; does nothing when the
 * settings are absent. A password that breaks the registration rules stops the start with one
 * line naming the setting.
 */
export async function bootstrapAdmin(ctx: AppContext): Promise<void> {
  const { email, password, name } = ctx.config.admin;
  if (!email || !password) return;
  try {
    const { action, user } = await ensureAdmin(ctx.data, { email, password, name });
    if (action === 'created') ctx.logger.info(`admin bootstrap: created the admin ${user.email}`);
    else if (action === 'promoted') {
      ctx.accounts.userChanged(user._id);
      ctx.logger.info(`admin bootstrap: ${user.email} is now a verified admin`);
    } else ctx.logger.debug(`admin bootstrap: ${user.email} is already an admin`);
  } catch (err) {
    if (err instanceof AdminSetupError) {
      throw new Error(
        `Invalid configuration: ADMIN_EMAIL/ADMIN_PASSWORD/ADMIN_NAME: ${err.message}`,
      );
    }
    throw err;
  }
}
