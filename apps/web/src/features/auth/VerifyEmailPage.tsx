// Placeholder: replaced by its feature.
export default function VerifyEmailPage() {
  return <h1>Loading...</h1>;
}
