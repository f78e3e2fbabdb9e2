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
import { MESSAGES, sanitizePhoneInput, type Address, type User } from '@pumpkart/shared';
import { useUpdateProfileMutation } from './profile-api';
import { errorMessage } from '../../api/http';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { profileUpdated, tokenRenewed } from '../../store/session-slice';
import { inputClass } from '../../shop/address/address-fields';
import { EMPTY_ADDRESS } from '../../lib/address';
import {
  hasErrors,
  needsCurrentPassword,
  profilePayload,
  validateProfile,
  type ProfileErrors,
  type ProfileForm,
} from './profile-form';
import { FormOutcomeMessage, type FormOutcome } from '../../ui/form-outcome';
import { ProfileInfoCard } from './profile-info-card';
import { SavedAddressesFieldset } from './saved-addresses-fieldset';

const NO_ERRORS: ProfileErrors = { addresses: [] };

type TextField = 'name' | 'email' | 'phone' | 'password' | 'currentPassword' | 'businessName' | 'gstin';

export function ProfilePage() {
  const dispatch = useAppDispatch();
  const [updateProfile] = useUpdateProfileMutation();
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
        <ProfileInfoCard className={card} />

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

            <SavedAddressesFieldset
              formId={formId}
              addresses={form.addresses}
              errors={errors.addresses}
              onChange={patchAddress}
              onAdd={addAddress}
              onRemove={removeAddress}
            />

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
