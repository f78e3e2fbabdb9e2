/**
 * The profile page (docs/shop-rules.md#accounts): an Info card with what the session holds and an Edit
 * card with name, email, phone, 'New Password (optional)', the optional business name and GSTIN for tax
 * invoices (a GSTIN is checked in the browser and its reason shown under the field,
 * docs/decisions/0009-gst-tax-computation.md) and the saved addresses (add and remove;
 * a 6-digit postal code fills city, state and country). Changing the email or the password asks
 * for the current password too; the server then revokes every earlier token and sends a fresh one,
 * which replaces this session's. The form is checked before it is sent; the save button reads
 * 'Updating...' while busy; success says 'Profile updated successfully!' and updates the session
 * and localStorage; failure shows the server's message, else 'Update failed'. "Log out on every
 * device" revokes every token of the account and ends this session too.
 */
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES, sanitizePhoneInput, type Address, type User } from '@pumpkart/shared';
import { useLogoutAllMutation, useUpdateProfileMutation } from './profile-api';
import { errorMessage } from '../../api/http';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { loggedOut, profileUpdated, tokenRenewed } from '../../store/session-slice';
import { AddressFields, inputClass } from '../../shop/address/address-fields';
import { EMPTY_ADDRESS, formatAddress } from '../../lib/address';
import {
  hasErrors,
  MAX_SAVED_ADDRESSES,
  needsCurrentPassword,
  profilePayload,
  validateProfile,
  type ProfileErrors,
  type ProfileForm,
} from './profile-form';
import { FormOutcomeMessage, type FormOutcome } from '../../ui/form-outcome';

const NO_ERRORS: ProfileErrors = { addresses: [] };

type TextField = 'name' | 'email' | 'phone' | 'password' | 'currentPassword' | 'businessName' | 'gstin';

export const LOGOUT_EVERYWHERE_LABEL = 'Log out on every device';
export const LOGOUT_EVERYWHERE_FAILED = 'Could not log out the other devices. Please try again.';

export function ProfilePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [updateProfile] = useUpdateProfileMutation();
  const [logoutAll] = useLogoutAllMutation();
  const session = useAppSelector((state) => state.session);
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<ProfileForm>(() => ({
    name: session.name ?? '',
    email: session.email ?? '',
    phone: session.phone ?? '',
    password: '',
    currentPassword: '',
    addresses: (session.addresses ?? []).map((address) => ({ ...address, line2: address.line2 ?? '' })),
    businessName: session.businessName ?? '',
    gstin: session.gstin ?? '',
  }));
  const [errors, setErrors] = useState<ProfileErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<FormOutcome | null>(null);
  const [logoutAllError, setLogoutAllError] = useState<string | null>(null);
  const askCurrentPassword = needsCurrentPassword(form, session.email);

  const setField = (name: TextField, value: string) =>
    setForm((previous) => ({ ...previous, [name]: name === 'phone' ? sanitizePhoneInput(value) : value }));

  const patchAddress = useCallback(
    (index: number, patch: Partial<Address>) =>
      setForm((previous) => ({
        ...previous,
        addresses: previous.addresses.map((address, i) => (i === index ? { ...address, ...patch } : address)),
      })),
    [],
  );
  const addAddress = () =>
    setForm((previous) => ({
      ...previous,
      addresses: [
        ...previous.addresses,
        { ...EMPTY_ADDRESS, recipientName: previous.name, recipientPhone: previous.phone },
      ],
    }));
  const removeAddress = (index: number) => {
    setForm((previous) => ({ ...previous, addresses: previous.addresses.filter((_, i) => i !== index) }));
    setErrors((previous) => ({ ...previous, addresses: previous.addresses.filter((_, i) => i !== index) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const found = validateProfile(form, session.email, session.role);
    if (hasErrors(found)) {
      setErrors(found);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors(NO_ERRORS);
    setBusy(true);
    try {
      const answer = await updateProfile(profilePayload(form, session.email)).unwrap();
      const user: User = answer.user ?? answer;
      if (answer.token) dispatch(tokenRenewed(answer.token));
      dispatch(profileUpdated(user));
      setForm((previous) => ({
        ...previous,
        password: '',
        currentPassword: '',
        businessName: user.businessName ?? previous.businessName.trim(),
        gstin: user.gstin ?? previous.gstin.trim().toUpperCase(),
      }));
      setResult({ ok: true, text: MESSAGES.profileUpdated });
    } catch (error) {
      setResult({ ok: false, text: errorMessage(error, MESSAGES.profileUpdateFailed) });
    } finally {
      setBusy(false);
    }
  };

  const logoutEverywhere = async () => {
    setLogoutAllError(null);
    try {
      await logoutAll().unwrap();
    } catch (error) {
      setLogoutAllError(errorMessage(error, LOGOUT_EVERYWHERE_FAILED));
      return;
    }
    dispatch(loggedOut());
    void navigate(paths.login, { replace: true });
  };

  const field = (name: TextField, label: string, extra: Record<string, string> = {}, hint?: string) => {
    const id = `${formId}-${name}`;
    const error = errors[name];
    const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          id={id}
          name={name}
          value={form[name]}
          onChange={(event) => setField(name, event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
          {...extra}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
        {hint && !error && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    );
  };

  const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

  return (
    <div>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">My Profile</h1>
      {/* One column of at most the screen's width on a phone: a long name or email wraps, it never widens the page. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <section aria-labelledby="profile-info-title" className={`${card} h-fit`}>
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-semibold text-white"
            >
              {(session.name || 'U').charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0">
              <h2 id="profile-info-title" className="text-lg font-semibold break-words text-slate-900">
                {session.name || 'User'}
              </h2>
              <p className="text-sm [overflow-wrap:anywhere] text-slate-600">{session.email}</p>
            </div>
          </div>
          <dl className="mt-4 space-y-2 text-sm">
            <div>
              <dt className="text-slate-500">Phone</dt>
              <dd className="break-words text-slate-900">{session.phone || '—'}</dd>
            </div>
            {session.businessName && (
              <div>
                <dt className="text-slate-500">Business name</dt>
                <dd className="break-words text-slate-900">{session.businessName}</dd>
              </div>
            )}
            {session.gstin && (
              <div>
                <dt className="text-slate-500">GSTIN</dt>
                <dd className="break-words font-mono text-slate-900">{session.gstin}</dd>
              </div>
            )}
            <div>
              <dt className="text-slate-500">Saved addresses</dt>
              <dd className="text-slate-900">
                {(session.addresses ?? []).length === 0 ? (
                  'None yet'
                ) : (
                  <ul className="mt-1 space-y-2">
                    {(session.addresses ?? []).map((address, index) => (
                      <li key={index} className="break-words">
                        <span className="font-medium">{address.recipientName}</span>, {formatAddress(address)}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          </dl>
          <div className="mt-4 border-t border-slate-100 pt-4">
            <button
              type="button"
              onClick={() => void logoutEverywhere()}
              className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:border-red-300 hover:bg-red-50 hover:text-red-700"
            >
              {LOGOUT_EVERYWHERE_LABEL}
            </button>
            {logoutAllError && (
              <p role="alert" className="mt-2 text-sm text-red-600">
                {logoutAllError}
              </p>
            )}
          </div>
        </section>

        <section aria-labelledby="profile-edit-title" className={card}>
          <h2 id="profile-edit-title" className="text-lg font-semibold text-slate-900">
            Edit Profile
          </h2>
          <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-6">
            <div className="grid gap-3 sm:grid-cols-2">
              {field('name', 'Name', { autoComplete: 'name' })}
              {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
              {field('phone', 'Phone', {
                type: 'tel',
                inputMode: 'numeric',
                autoComplete: 'tel-national',
                placeholder: '10-digit mobile number',
              })}
              {field('password', 'New Password (optional)', { type: 'password', autoComplete: 'new-password' })}
              {askCurrentPassword &&
                field('currentPassword', 'Current password', {
                  type: 'password',
                  autoComplete: 'current-password',
                  required: 'required',
                  placeholder: 'Needed to change your email or password',
                })}
              {field('businessName', MESSAGES.businessNameLabel, { autoComplete: 'organization' })}
              {field(
                'gstin',
                MESSAGES.gstinLabel,
                {
                  autoComplete: 'off',
                  autoCapitalize: 'characters',
                  spellCheck: 'false',
                  placeholder: 'e.g. 27AAHCP4821K1Z6',
                },
                MESSAGES.gstinHint,
              )}
            </div>

            <fieldset className="space-y-4">
              <legend className="text-base font-semibold text-slate-900">Saved addresses</legend>
              {form.addresses.length === 0 && <p className="text-sm text-slate-600">No saved addresses yet.</p>}
              {form.addresses.map((address, index) => (
                <div key={index} className="rounded-lg border border-slate-200 p-3 sm:p-4">
                  <div className="mb-3 flex items-center justify-between gap-3">
                    <h3 className="text-sm font-semibold text-slate-800">Address {index + 1}</h3>
                    <button
                      type="button"
                      onClick={() => removeAddress(index)}
                      className="rounded-lg px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                      aria-label={`Remove address ${index + 1}`}
                    >
                      Remove
                    </button>
                  </div>
                  <AddressFields
                    idPrefix={`${formId}-address-${index}`}
                    value={address}
                    onChange={(patch) => patchAddress(index, patch)}
                    errors={errors.addresses[index]}
                  />
                </div>
              ))}
              <button
                type="button"
                onClick={addAddress}
                disabled={form.addresses.length >= MAX_SAVED_ADDRESSES}
                className="rounded-lg border border-dashed border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
              >
                + Add address
              </button>
            </fieldset>

            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <button
                type="submit"
                disabled={busy}
                className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
              >
                {busy ? MESSAGES.profileUpdating : 'Update Profile'}
              </button>
              <FormOutcomeMessage outcome={result} />
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}
