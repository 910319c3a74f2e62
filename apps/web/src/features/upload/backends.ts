import { API_BASE_URL } from '../../api/client';
import { getAdminToken } from '../../session/session';
import { firebaseSettingsFrom } from './firebaseConfig';
import { createFirebaseBackend } from './firebaseBackend';
import { createTusBackend } from './tusBackend';
import type { UploadBackend } from './uploadBackend';

let configured: UploadBackend | undefined;

/** Firebase when VITE_FIREBASE_* are set, else our media store (the default: no cloud account). */
export function configuredUploadBackend(): UploadBackend {
  if (!configured) {
    const firebase = firebaseSettingsFrom(import.meta.env);
    configured = firebase
      ? createFirebaseBackend(firebase)
      : createTusBackend({ endpoint: `${API_BASE_URL}/uploads`, getToken: getAdminToken });
  }
  return configured;
}
