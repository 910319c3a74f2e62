import type { TestProject } from 'vitest/node';
import { freePort, startApp, type RunningApp } from './app.js';
import { startThirdPartyFakes, type ThirdPartyFakes } from './fakes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    admin: { email: string; password: string };
    listenBrainzUrl: string;
  }
}

export const ADMIN = { email: 'admin@samaa.test', password: 'Adm1n#Samaa2026', name: 'Samaa Admin' };

let app: RunningApp | undefined;
let fakes: ThirdPartyFakes | undefined;

/** One app for the whole run: the built SPA and API, a fresh data folder and the third-party fakes. */
export async function setup(project: TestProject) {
  const started = Date.now();
  const port = await freePort();
  fakes = await startThirdPartyFakes(`http://127.0.0.1:${port}`);
  app = await startApp(
    // Every journey signs up from 127.0.0.1: the per-address limits (10 sign-ups an hour) would
    // refuse the later journeys. The limits have their own API tests.
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_NAME: ADMIN.name, RATE_LIMITS: 'false', ...fakes.env },
    port,
  );
  console.log(`[e2e] app on ${app.baseUrl} ready in ${Date.now() - started} ms`);
  project.provide('baseUrl', app.baseUrl);
  project.provide('dataDir', app.dataDir);
  project.provide('admin', { email: ADMIN.email, password: ADMIN.password });
  project.provide('listenBrainzUrl', fakes.listenBrainzUrl);
}

export async function teardown() {
  await app?.stop();
  await fakes?.close();
}
