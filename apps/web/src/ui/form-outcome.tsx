/**
 * What a form's last submit came to, beside its button: a success read out politely (status), a
 * failure read out at once (alert). The profile and the admin's Change password form use it.
 */
export interface FormOutcome {
  ok: boolean;
  text: string;
}

export function FormOutcomeMessage({ outcome }: { outcome: FormOutcome | null }) {
  if (!outcome) return null;
  return (
    <p
      role={outcome.ok ? 'status' : 'alert'}
      className={`text-sm font-medium ${outcome.ok ? 'text-green-700' : 'text-red-600'}`}
    >
      {outcome.text}
    </p>
  );
}
