// Placeholder: replaced by its feature.
export default function InstructionsPage() {
  return <h1>Instructions</h1>;
}
