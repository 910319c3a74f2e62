/** Why an upload failed, in words: the API's `{ message }` (e.g. not an audio file) when it sent one. */
export function uploadFailureReason(error: unknown): string {
  const response = (error as { originalResponse?: { getBody(): string } } | null)?.originalResponse;
  try {
    const message = (JSON.parse(response?.getBody() ?? '') as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  } catch {
    // not a JSON answer
  }
  return 'The upload failed. Check the connection and try again.';
}
