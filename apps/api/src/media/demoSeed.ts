import type { AppContext } from '../context.js';

// Placeholder: filled in by the media feature (demo catalogue on first start).
export async function seedDemoCatalogue(_ctx: AppContext): Promise<void> {}
