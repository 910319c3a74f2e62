/** A Spotify failure whose message can be shown as the {msg} of the Spotify error line. */
export class SpotifyError extends Error {
  constructor(
    message: string,
    /** HTTP status Spotify answered with, when it answered. */
    readonly status?: number,
    /** OAuth error code of the accounts service (e.g. invalid_grant). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SpotifyError';
  }
}
