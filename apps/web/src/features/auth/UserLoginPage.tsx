// Placeholder: replaced by its feature.
export default function UserLoginPage(_props: { onLoggedIn: () => void }) {
  return <h1>User Login</h1>;
}
