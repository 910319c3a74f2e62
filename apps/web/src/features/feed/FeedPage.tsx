// Placeholder: replaced by its feature.
export default function FeedPage() {
  return <h1>Feed</h1>;
}
