// Placeholder: replaced by its feature.
export default function AdminLoginPage(_props: { onLoggedIn: () => void }) {
  return <h1>Admin Login</h1>;
}
