/**
 * "Mark done" for one task of an asset (docs/shop-rules.md#assets): the day it was done (today unless changed, never
 * a day to come nor before the asset was installed), a note, and optionally the certificate or a picture (a PDF,
 * JPEG, PNG or WebP of at most 5 MB) sent with the record in one call. The form checks what the server checks.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  ASSET_MESSAGES,
  ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  taskRecordBodySchema,
  type RegisterAssetDto,
  type RegisterTaskDto,
} from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { FormOutcomeMessage, type FormOutcome } from '../../ui/form-outcome';
import { useRecordTaskMutation } from '../../shop/business/register-api';
import { Field, fieldErrors, inputClass, primaryButton, secondaryButton, type FieldErrors } from './business-ui';
import { assetLabel } from './register-groups';

/** The form's problems, the server's rules checked here first; empty when it may be sent. */
export function markDoneErrors(
  values: { doneOn: string; note: string; file: File | null },
  { taskKey, today, installedOn }: { taskKey: string; today: string; installedOn: string },
): FieldErrors {
  const checked = taskRecordBodySchema.safeParse({ taskKey, doneOn: values.doneOn, note: values.note });
  const errors = checked.success ? {} : fieldErrors(checked.error);
  if (!errors.doneOn && values.doneOn > today) errors.doneOn = ASSET_MESSAGES.doneInFuture;
  if (!errors.doneOn && values.doneOn < installedOn) errors.doneOn = ASSET_MESSAGES.doneBeforeInstalled;
  const fileError = values.file && attachmentError(values.file);
  if (fileError) errors.file = fileError;
  return errors;
}

/** What is wrong with a file to attach (the server checks its bytes too); undefined when it may be sent. */
export function attachmentError(file: File): string | undefined {
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return ASSET_MESSAGES.attachmentType;
  if (file.size === 0) return ASSET_MESSAGES.attachmentEmpty;
  if (file.size > MAX_ATTACHMENT_BYTES) return ASSET_MESSAGES.attachmentTooLarge;
  return undefined;
}

interface MarkDoneFormProps {
  asset: RegisterAssetDto;
  task: RegisterTaskDto;
  today: string;
  onDone: (message: string) => void;
  onCancel: () => void;
}

export function MarkDoneForm({ asset, task, today, onDone, onCancel }: MarkDoneFormProps) {
  const id = useId();
  const [recordTask, { isLoading }] = useRecordTaskMutation();
  const [doneOn, setDoneOn] = useState(today);
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = markDoneErrors({ doneOn, note, file }, { taskKey: task.key, today, installedOn: asset.installedOn });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await recordTask({
        assetId: asset._id,
        body: { taskKey: task.key, doneOn, note: note.trim() },
        file,
      }).unwrap();
      onDone(answer.message);
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, 'Could not record the task.') });
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`Mark done: ${task.title}`}
      className="space-y-3"
    >
      <p className="text-sm text-slate-700">
        <strong className="text-slate-900">{task.title}</strong>
        <br />
        {assetLabel(asset)}
      </p>
      <Field id={`${id}-day`} label="Done on" error={errors.doneOn}>
        {(described) => (
          <input
            id={`${id}-day`}
            type="date"
            max={today}
            min={asset.installedOn}
            value={doneOn}
            onChange={(event) => setDoneOn(event.target.value)}
            className={inputClass}
            {...described}
          />
        )}
      </Field>
      <Field id={`${id}-note`} label="Note (optional)" error={errors.note} hint="Who did it, the certificate's number.">
        {(described) => (
          <textarea
            id={`${id}-note`}
            rows={3}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className={inputClass}
            {...described}
          />
        )}
      </Field>
      <Field
        id={`${id}-file`}
        label="Certificate or picture (optional)"
        error={errors.file}
        hint="A PDF, JPEG, PNG or WebP of at most 5 MB."
      >
        {(described) => (
          <input
            id={`${id}-file`}
            type="file"
            accept="application/pdf,image/jpeg,image/png,image/webp"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
            {...described}
          />
        )}
      </Field>
      <FormOutcomeMessage outcome={outcome} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Record as done'}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
