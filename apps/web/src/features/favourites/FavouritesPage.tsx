// Placeholder: replaced by its feature.
export default function FavouritesPage() {
  return <h1>Liked Songs</h1>;
}
