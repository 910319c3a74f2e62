// Placeholder: replaced by its feature.
export default function TrendingPage() {
  return <h1>Trending Playlists</h1>;
}
