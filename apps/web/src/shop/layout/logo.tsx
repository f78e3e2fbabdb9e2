/** The PumpKart wordmark with a fuel-pump glyph. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7 text-accent-500" fill="currentColor">
        <path d="M4 3h9a1 1 0 0 1 1 1v7h1a2 2 0 0 1 2 2v4a1 1 0 0 0 2 0V9.4l-2.7-2.7 1.4-1.4 3 3c.2.2.3.4.3.7V17a3 3 0 0 1-6 0v-4h-1v8H3V4a1 1 0 0 1 1-1Zm1 2v5h7V5H5Z" />
      </svg>
      <span>
        Pump<span className="text-accent-500">Kart</span>
      </span>
    </span>
  );
}
