/**
 * An outlet's register (docs/shop-rules.md#assets): the outlet and its PESO licence; the tasks overdue, due this
 * month and due next month across its equipment; then every piece of equipment with its tasks. Everyone in the
 * business reads it, prints it (a PDF for an inspector) and gets its calendar feed; everyone but a viewer marks a
 * task done (with a note and the certificate), adds equipment bought elsewhere, corrects a serial number, moves an
 * asset to another outlet and retires one.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { mayBuy, type OutletRegisterDto, type RegisterAssetDto, type RegisterTaskDto } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { paths } from '../../config/paths';
import { useGetMyBusinessQuery } from '../../shop/business/business-api';
import { useGetOutletRegisterQuery } from '../../shop/business/register-api';
import { FormOutcomeMessage, type FormOutcome } from '../../ui/form-outcome';
import { Modal } from '../../ui/modal';
import { EmptyState, ListSkeleton, LoadFailed } from '../../ui/page-states';
import { usePageHead } from '../../ui/use-page-head';
import { AddEquipmentForm } from './add-equipment-form';
import { MoveForm, RetireForm, SerialForm } from './asset-forms';
import { card, primaryButton } from './business-ui';
import { MarkDoneForm } from './mark-done-form';
import { AssetCard, RegisterTools, TaskLine } from './register-parts';
import { dueGroups, formatDay, type DueItem } from './register-groups';

type Dialog =
  | { kind: 'done'; asset: RegisterAssetDto; task: RegisterTaskDto }
  | { kind: 'serial' | 'move' | 'retire'; asset: RegisterAssetDto }
  | { kind: 'add' };

const DIALOG_TITLES = { done: 'Mark done', serial: 'Serial number', move: 'Move to another outlet', retire: 'Retire' };

export function RegisterPage() {
  const { outletId = '' } = useParams();
  const { data: register, isLoading, isError, error, refetch } = useGetOutletRegisterQuery(outletId);
  const { data: business } = useGetMyBusinessQuery();
  usePageHead({
    title: register ? `Register: ${register.outlet.name}` : 'Equipment register',
    description: "An outlet's equipment and the compliance tasks it needs.",
  });

  let body;
  if (isLoading) body = <ListSkeleton label="Loading the register" />;
  else if (isError || !register)
    body = <LoadFailed message={errorMessage(error, 'Could not load the register.')} onRetry={() => void refetch()} />;
  else
    body = (
      <Register
        register={register}
        mayEdit={Boolean(business && mayBuy(business.role))}
        outlets={business?.outlets ?? []}
      />
    );

  return (
    <div className="space-y-4">
      <Link to={paths.business} className="text-sm font-medium text-brand-700 underline hover:text-brand-800">
        Back to the business
      </Link>
      {body}
    </div>
  );
}

function Register({
  register,
  mayEdit,
  outlets,
}: {
  register: OutletRegisterDto;
  mayEdit: boolean;
  outlets: NonNullable<ReturnType<typeof useGetMyBusinessQuery>['data']>['outlets'];
}) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const { outlet, today } = register;
  const groups = dueGroups(register);
  const close = () => setDialog(null);
  const done = (message: string) => {
    setDialog(null);
    setOutcome({ ok: true, text: message });
  };
  const markDone = (item: DueItem) =>
    mayEdit && item.asset ? () => setDialog({ kind: 'done', asset: item.asset!, task: item.task }) : undefined;

  const section = (title: string, items: DueItem[], empty: string) => {
    const headingId = `due-${title.toLowerCase().replace(/\s+/g, '-')}`;
    return (
      <section aria-labelledby={headingId} className={card}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title} <span className="text-sm font-normal text-slate-600">({items.length})</span>
        </h2>
        {items.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{empty}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {items.map((item) => (
              <TaskLine
                key={`${item.asset?._id ?? 'licence'}-${item.task.key}`}
                task={item.task}
                asset={item.asset}
                showAsset
                onMarkDone={markDone(item)}
              />
            ))}
          </ul>
        )}
      </section>
    );
  };

  return (
    <>
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold text-slate-900">Equipment register</h1>
        <p className="text-lg font-medium text-slate-800">{outlet.name}</p>
        <p className="text-sm text-slate-700">
          PESO licence {outlet.pesoLicenceNumber ?? <em>number not entered</em>}
          {outlet.pesoLicenceValidUntil && <> · valid until {formatDay(outlet.pesoLicenceValidUntil)}</>}
        </p>
        <RegisterTools outletId={outlet._id} mayEdit={mayEdit} />
      </header>
      <FormOutcomeMessage outcome={outcome} />
      {section('Overdue', groups.overdue, 'Nothing is overdue.')}
      {section('Due this month', groups.thisMonth, 'Nothing else falls due this month.')}
      {section('Due next month', groups.nextMonth, 'Nothing falls due next month.')}
      <section aria-labelledby="all-equipment" className={card}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="all-equipment" className="text-lg font-semibold text-slate-900">
            All equipment <span className="text-sm font-normal text-slate-600">({register.assets.length})</span>
          </h2>
          {mayEdit && (
            <button type="button" className={primaryButton} onClick={() => setDialog({ kind: 'add' })}>
              Add equipment
            </button>
          )}
        </div>
        {register.assets.length === 0 ? (
          <EmptyState message="No equipment is recorded at this outlet yet. Equipment the shop delivers here joins it; add what was bought elsewhere." />
        ) : (
          <div className="mt-3 space-y-3">
            {register.assets.map((asset) => (
              <AssetCard
                key={asset._id}
                asset={asset}
                actions={
                  mayEdit
                    ? {
                        markDone: (task) => setDialog({ kind: 'done', asset, task }),
                        editSerial: () => setDialog({ kind: 'serial', asset }),
                        move: () => setDialog({ kind: 'move', asset }),
                        retire: () => setDialog({ kind: 'retire', asset }),
                      }
                    : undefined
                }
              />
            ))}
          </div>
        )}
      </section>
      <Modal
        open={dialog !== null}
        onClose={close}
        title={dialog ? (dialog.kind === 'add' ? 'Add equipment' : DIALOG_TITLES[dialog.kind]) : ''}
        closeOnBackdrop={false}
      >
        {dialog?.kind === 'done' && (
          <MarkDoneForm asset={dialog.asset} task={dialog.task} today={today} onDone={done} onCancel={close} />
        )}
        {dialog?.kind === 'add' && (
          <AddEquipmentForm outletId={outlet._id} today={today} onDone={done} onCancel={close} />
        )}
        {dialog?.kind === 'serial' && <SerialForm asset={dialog.asset} onDone={done} onCancel={close} />}
        {dialog?.kind === 'move' && <MoveForm asset={dialog.asset} outlets={outlets} onDone={done} onCancel={close} />}
        {dialog?.kind === 'retire' && <RetireForm asset={dialog.asset} today={today} onDone={done} onCancel={close} />}
      </Modal>
    </>
  );
}
