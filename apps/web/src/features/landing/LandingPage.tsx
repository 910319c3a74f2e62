// Placeholder: replaced by its feature.
export default function LandingPage() {
  return <h1>Samaa</h1>;
}
