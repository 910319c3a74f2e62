/** The list of what is wrong with a form, announced to screen readers. */
export function Problems({ id, items }: { id: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="alert alert--error" role="alert" id={id}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
