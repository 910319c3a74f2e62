// Placeholder: replaced by its feature.
export default function AdminHomePage() {
  return <h1>Welcome Admin!</h1>;
}
