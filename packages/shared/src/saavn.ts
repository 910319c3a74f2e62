/**
 * Of a JioSaavn song or playlist (docs/jiosaavn.md), the third image size and the fifth download entry are
 * used (the largest there is when the list is shorter). Shared by the API's resolver and the web.
 */
export const saavnImageUrl = (images: readonly { url: string }[] | undefined): string =>
  images?.[2]?.url ?? images?.at(-1)?.url ?? '';

export const saavnAudioUrl = (downloads: readonly { url: string }[] | undefined): string =>
  downloads?.[4]?.url ?? downloads?.at(-1)?.url ?? '';
