import { MEDIA_FOLDERS, mediaObjectName } from '@samaa/shared';
import type { FirebaseSettings } from './firebaseConfig';
import { percentOf, type UploadBackend } from './uploadBackend';

/** The Storage SDK's retry limits, pinned rather than left to SDK defaults. */
const MAX_OPERATION_RETRY_MS = 120_000;
const MAX_UPLOAD_RETRY_MS = 600_000;
const APP_NAME = 'samaa-uploads';

type StorageSdk = typeof import('firebase/storage');

/** The SDK is imported on first use, so it never weighs on the initial bundle. */
async function openStorage(settings: FirebaseSettings) {
  const [{ initializeApp, getApps }, sdk] = await Promise.all([import('firebase/app'), import('firebase/storage')]);
  const app =
    getApps().find((a) => a.name === APP_NAME) ??
    initializeApp(
      {
        apiKey: settings.apiKey,
        authDomain: settings.authDomain,
        projectId: settings.projectId,
        storageBucket: settings.storageBucket,
        appId: settings.appId,
      },
      APP_NAME,
    );
  const storage = sdk.getStorage(app);
  if (settings.emulator) {
    const [host, port] = settings.emulator.split(':');
    sdk.connectStorageEmulator(storage, host!, Number(port));
  }
  storage.maxOperationRetryTime = MAX_OPERATION_RETRY_MS;
  storage.maxUploadRetryTime = MAX_UPLOAD_RETRY_MS;
  return { sdk, storage };
}

/**
 * Firebase Cloud Storage: a resumable upload to `audio/` or `images/`, named
 * `{timestamp}{sanitised name}`; the result is the object's download URL.
 */
export function createFirebaseBackend(settings: FirebaseSettings): UploadBackend {
  let opened: Promise<{ sdk: StorageSdk; storage: ReturnType<StorageSdk['getStorage']> }> | undefined;
  return {
    name: 'firebase',
    async upload(file, kind, onProgress) {
      opened ??= openStorage(settings);
      const { sdk, storage } = await opened;
      const objectRef = sdk.ref(storage, `${MEDIA_FOLDERS[kind]}/${mediaObjectName(file.name)}`);
      const task = sdk.uploadBytesResumable(objectRef, file, { contentType: file.type || undefined });
      await new Promise<void>((resolve, reject) => {
        task.on(
          'state_changed',
          (snapshot) => onProgress(percentOf(snapshot.bytesTransferred, snapshot.totalBytes)),
          reject,
          resolve,
        );
      });
      onProgress(100);
      return { url: await sdk.getDownloadURL(task.snapshot.ref) };
    },
  };
}
