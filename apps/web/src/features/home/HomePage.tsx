// Placeholder: replaced by its feature.
export default function HomePage() {
  return <h1>Home</h1>;
}
