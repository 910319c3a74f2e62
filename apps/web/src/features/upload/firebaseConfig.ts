/** Firebase settings baked into the build (VITE_FIREBASE_*); absent means the media store. */
export interface FirebaseSettings {
  apiKey: string;
  authDomain?: string;
  projectId?: string;
  storageBucket: string;
  appId?: string;
  /** `host:port` of a Storage emulator (or a local fake), for development and tests. */
  emulator?: string;
}

type Env = Partial<Record<string, string | undefined>>;

export function firebaseSettingsFrom(env: Env): FirebaseSettings | null {
  const apiKey = env.VITE_FIREBASE_API_KEY?.trim();
  const storageBucket = env.VITE_FIREBASE_STORAGE_BUCKET?.trim();
  if (!apiKey || !storageBucket) return null;
  return {
    apiKey,
    storageBucket,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN?.trim() || undefined,
    projectId: env.VITE_FIREBASE_PROJECT_ID?.trim() || undefined,
    appId: env.VITE_FIREBASE_APP_ID?.trim() || undefined,
    emulator: env.VITE_FIREBASE_STORAGE_EMULATOR?.trim() || undefined,
  };
}
