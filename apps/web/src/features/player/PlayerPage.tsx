// Placeholder: replaced by its feature.
export default function PlayerPage() {
  return <h1>Player</h1>;
}
