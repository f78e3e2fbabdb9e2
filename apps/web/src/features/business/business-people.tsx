/**
 * The business's people and open invitations (docs/shop-rules.md#business-accounts). The admin changes a person's
 * role, removes a person, invites one by e-mail with a role (the e-mailed link works for a few days) and withdraws
 * an open invitation; everyone else sees the people and their roles.
 */
import { useId, useState, type FormEvent } from 'react';
import { BUSINESS_ROLES, inviteMemberBodySchema, type BusinessDto, type BusinessRole } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { useAppSelector } from '../../store/hooks';
import { useConfirm } from '../../ui/confirm-dialog';
import { FormOutcomeMessage, type FormOutcome } from '../../ui/form-outcome';
import {
  useInviteMemberMutation,
  useRemoveMemberMutation,
  useSetMemberRoleMutation,
  useWithdrawInvitationMutation,
} from '../../shop/business/business-api';
import { dangerButton, Field, fieldErrors, inputClass, primaryButton, type FieldErrors } from './business-ui';

const roleName = (role: BusinessRole) => role[0]!.toUpperCase() + role.slice(1);

export function PeopleSection({ business, manage }: { business: BusinessDto; manage: boolean }) {
  const id = useId();
  const myEmail = useAppSelector((state) => state.session.email);
  const [setRole] = useSetMemberRoleMutation();
  const [removeMember] = useRemoveMemberMutation();
  const [withdraw] = useWithdrawInvitationMutation();
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const { ask, dialog } = useConfirm();

  const run = async (action: () => Promise<{ message: string }>, failed: string) => {
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: (await action()).message });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, failed) });
    }
  };

  return (
    <div className="space-y-4">
      {dialog}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {business.members.map((member) => (
          <li key={member._id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {member.name}
                {member.email === myEmail && <span className="text-sm font-normal text-slate-600"> (you)</span>}
              </p>
              <p className="break-all text-sm text-slate-700">{member.email}</p>
            </div>
            {manage ? (
              <div className="flex shrink-0 items-center gap-2">
                <label htmlFor={`${id}-role-${member._id}`} className="sr-only">
                  Role of {member.name}
                </label>
                <select
                  id={`${id}-role-${member._id}`}
                  value={member.role}
                  onChange={(event) =>
                    void run(
                      () => setRole({ id: member._id, role: event.target.value as BusinessRole }).unwrap(),
                      'Could not change the role.',
                    )
                  }
                  className={`${inputClass} mt-0 w-auto`}
                >
                  {BUSINESS_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {roleName(role)}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className={dangerButton}
                  onClick={() =>
                    void ask({
                      title: 'Remove person',
                      message: `Remove ${member.name} from the business?`,
                      confirmLabel: 'Remove',
                      destructive: true,
                    }).then(async (sure) => {
                      if (sure) await run(() => removeMember(member._id).unwrap(), 'Could not remove the person.');
                    })
                  }
                >
                  Remove<span className="sr-only"> {member.name}</span>
                </button>
              </div>
            ) : (
              <span className="text-sm font-medium text-slate-800">{roleName(member.role)}</span>
            )}
          </li>
        ))}
      </ul>
      <FormOutcomeMessage outcome={outcome} />
      {manage && (
        <>
          <h3 className="font-semibold text-slate-900">Open invitations</h3>
          {business.invitations.length === 0 ? (
            <p className="text-sm text-slate-600">No open invitations.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
              {business.invitations.map((invitation) => (
                <li
                  key={invitation._id}
                  className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <p className="min-w-0 break-all text-sm text-slate-800">
                    {invitation.email} · {roleName(invitation.role)} · until{' '}
                    {new Date(invitation.expiresAt).toLocaleDateString('en-IN', { dateStyle: 'medium' })}
                  </p>
                  <button
                    type="button"
                    className={dangerButton}
                    onClick={() =>
                      void run(() => withdraw(invitation._id).unwrap(), 'Could not withdraw the invitation.')
                    }
                  >
                    Withdraw<span className="sr-only"> the invitation of {invitation.email}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <InviteForm />
        </>
      )}
    </div>
  );
}

export function InviteForm() {
  const id = useId();
  const [invite] = useInviteMemberMutation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<BusinessRole>('buyer');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const checked = inviteMemberBodySchema.safeParse({ email, role });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await invite(checked.data).unwrap();
      setOutcome({ ok: true, text: answer.message });
      setEmail('');
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, 'Could not send the invitation.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Invite a person" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <Field id={`${id}-email`} label="E-mail of the person to invite" error={errors.email}>
          {(aria) => (
            <input
              id={`${id}-email`}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              autoComplete="off"
              className={inputClass}
              {...aria}
            />
          )}
        </Field>
        <Field id={`${id}-role`} label="Role" error={errors.role}>
          {(aria) => (
            <select
              id={`${id}-role`}
              value={role}
              onChange={(event) => setRole(event.target.value as BusinessRole)}
              className={inputClass}
              {...aria}
            >
              {BUSINESS_ROLES.map((option) => (
                <option key={option} value={option}>
                  {roleName(option)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Sending...' : 'Send invitation'}
        </button>
        <FormOutcomeMessage outcome={outcome} />
      </div>
    </form>
  );
}
