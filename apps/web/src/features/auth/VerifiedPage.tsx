// Placeholder: replaced by its feature.
export default function VerifiedPage() {
  return <h1>Email verified successfully</h1>;
}
