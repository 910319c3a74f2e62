// Placeholder: replaced by its feature.
export default function SongsPage() {
  return <h1>Songs</h1>;
}
