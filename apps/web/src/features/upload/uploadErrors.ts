/**
 * The Firebase Storage SDK's error codes and what each means. Upload errors are only logged,
 * so this is what an operator reads in the console.
 */
const STORAGE_ERRORS: Record<string, string> = {
  'storage/unknown': 'An unknown error occurred.',
  'storage/object-not-found': 'No object exists at the desired reference.',
  'storage/bucket-not-found': 'No bucket is configured for Cloud Storage.',
  'storage/project-not-found': 'No project is configured for Cloud Storage.',
  'storage/quota-exceeded': 'Quota on the Cloud Storage bucket has been exceeded.',
  'storage/unauthenticated': 'User is unauthenticated, please authenticate and try again.',
  'storage/unauthorized': 'User is not authorized to perform the desired action, check your security rules.',
  'storage/retry-limit-exceeded': 'The maximum time limit on an operation has been exceeded. Try uploading again.',
  'storage/invalid-checksum': 'File on the client does not match the checksum of the file received by the server.',
  'storage/canceled': 'User canceled the operation.',
  'storage/invalid-event-name': 'Invalid event name provided.',
  'storage/invalid-url': 'Invalid URL provided to refFromURL().',
  'storage/invalid-argument': 'The argument passed to put() must be a File, Blob, or Uint8Array.',
  'storage/no-default-bucket': "No bucket has been set in your config's storageBucket property.",
  'storage/cannot-slice-blob': "The local file has changed (deleted, saved again, etc.). Try uploading again.",
  'storage/server-file-wrong-size': 'File on the client does not match the size of the file received by the server.',
};

/** Logs an upload error: a Storage SDK error by its code, anything else (tus, network) as it is. */
export function logUploadError(error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('storage/')) {
    console.error(`Upload failed (${code}): ${STORAGE_ERRORS[code] ?? (error as Error).message}`);
  } else {
    console.error('Upload failed:', error);
  }
}
