// Placeholder: replaced by its feature.
export default function AnalyticsPage() {
  return <h1>Analytics Page</h1>;
}
