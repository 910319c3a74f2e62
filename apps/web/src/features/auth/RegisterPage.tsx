// Placeholder: replaced by its feature.
export default function RegisterPage() {
  return <h1>Sign Up</h1>;
}
