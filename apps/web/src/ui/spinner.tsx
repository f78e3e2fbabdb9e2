/** A loading line for pages and sections. */
export function Loading({ text = 'Loading...' }: { text?: string }) {
  return (
    <p role="status" className="py-10 text-center text-slate-500">
      {text}
    </p>
  );
}
