import { Router } from 'express';
import type { AppContext } from '../context.js';

// Placeholder: filled in by its feature.
export function saavnRouter(_ctx: AppContext): Router {
  return Router();
}
