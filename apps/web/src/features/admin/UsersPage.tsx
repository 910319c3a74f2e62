// Placeholder: replaced by its feature.
export default function UsersPage() {
  return <h1>Users</h1>;
}
