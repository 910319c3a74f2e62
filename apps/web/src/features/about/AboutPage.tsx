// Placeholder: replaced by its feature.
export default function AboutPage() {
  return <h1>About</h1>;
}
