// Placeholder: replaced by its feature.
export default function LibraryPage() {
  return <h1>Library</h1>;
}
