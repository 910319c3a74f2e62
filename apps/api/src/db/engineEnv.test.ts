import { describe, expect, it } from 'vitest';
import { ENGINE_GC_PERCENT, ENGINE_MEMORY_LIMIT, engineEnv } from './ferretdb.js';

describe('the embedded engine environment', () => {
  it('collects sooner than Go does by default, and keeps what the operator set', () => {
    expect(engineEnv({ PATH: '/bin' })).toEqual({ PATH: '/bin', GOMEMLIMIT: ENGINE_MEMORY_LIMIT, GOGC: ENGINE_GC_PERCENT });
    expect(engineEnv({ GOMEMLIMIT: '1GiB', GOGC: '200' })).toEqual({ GOMEMLIMIT: '1GiB', GOGC: '200' });
  });
});
