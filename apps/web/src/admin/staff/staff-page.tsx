/**
 * The owner's Staff page (/admin/staff, docs/shop-rules.md#staff): invite a person with a role (orders staff:
 * orders and payments; catalog staff: products), see who is invited and who joined (and until when an invite
 * works), change a role and remove access, each after a question. Over GET/POST/PATCH/DELETE /api/admin/staff;
 * the form is checked with the server's own schema first, and the server's refusals (an e-mail that has an
 * account) show above it.
 */
import { ROLE_LABELS, STAFF_ROLE_SCOPES, STAFF_ROLES, type StaffMember, type StaffRole } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import {
  useChangeStaffRoleMutation,
  useGetStaffQuery,
  useInviteStaffMutation,
  useRemoveStaffMutation,
} from './staff-api';
import { useConfirm } from '../../ui/confirm-dialog';
import { useNotify } from '../../store/hooks';
import { formatDate, formatDateTime } from '../lib/format';
import { DataTable, type Column } from '../ui/data-table';
import { ErrorText, LoadingText, PageHeader } from '../ui/page-header';
import { InviteForm } from './invite-form';
import { buttonClass, STAFF_TEXT } from './staff-text';

export { STAFF_TEXT };

export function StaffPage() {
  const staff = useGetStaffQuery();
  const [changeRole] = useChangeStaffRoleMutation();
  const [removeStaff] = useRemoveStaffMutation();
  const [inviteStaff] = useInviteStaffMutation();
  const { ask, dialog } = useConfirm();
  const notify = useNotify();

  const act = async (run: () => Promise<{ message: string }>) => {
    try {
      notify((await run()).message, 'success');
    } catch (failure) {
      notify(errorMessage(failure, STAFF_TEXT.failed), 'error');
    }
  };

  const onRoleChange = async (member: StaffMember, role: StaffRole) => {
    const sure = await ask({
      title: 'Change the role?',
      message: `${member.name} becomes ${ROLE_LABELS[role].toLowerCase()} (${STAFF_ROLE_SCOPES[role].toLowerCase()}). They are logged out and log in again to use it.`,
      confirmLabel: 'Change role',
      cancelLabel: 'Keep the role',
    });
    if (sure) await act(() => changeRole({ id: member._id, role }).unwrap());
  };

  const onRemove = async (member: StaffMember) => {
    const sure = await ask({
      title: 'Remove staff access?',
      message:
        member.status === 'joined'
          ? `${member.name} (${member.email}) loses the back office at once and is logged out everywhere. Their account stays, as a customer's.`
          : `The invitation of ${member.name} (${member.email}) is withdrawn: its link stops working.`,
      confirmLabel: 'Remove access',
      destructive: true,
    });
    if (sure) await act(() => removeStaff(member._id).unwrap());
  };

  const onSendAgain = (member: StaffMember) =>
    act(() => inviteStaff({ name: member.name, email: member.email, role: member.role }).unwrap());

  const columns: Column<StaffMember>[] = [
    {
      header: 'Person',
      cell: (member) => (
        <span className="block">
          <span className="block font-medium text-slate-900">{member.name}</span>
          <span className="block text-xs text-slate-600">{member.email}</span>
        </span>
      ),
    },
    {
      header: 'Role',
      cell: (member) => (
        <select
          aria-label={`Role of ${member.name}`}
          value={member.role}
          onChange={(event) => void onRoleChange(member, event.target.value as StaffRole)}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      ),
    },
    { header: 'Status', cell: (member) => <StaffStatus member={member} /> },
    {
      header: 'Actions',
      cell: (member) => (
        <span className="flex gap-2">
          {member.status !== 'joined' && (
            <button type="button" className={buttonClass} onClick={() => void onSendAgain(member)}>
              {STAFF_TEXT.sendAgain}
            </button>
          )}
          <button
            type="button"
            className={`${buttonClass} text-red-700 hover:bg-red-50`}
            aria-label={`${STAFF_TEXT.remove} ${member.name}`}
            onClick={() => void onRemove(member)}
          >
            {STAFF_TEXT.remove}
          </button>
        </span>
      ),
    },
  ];

  let list;
  if (staff.data) {
    list = (
      <DataTable
        title={STAFF_TEXT.listTitle}
        columns={columns}
        rows={staff.data}
        rowKey={(member) => member._id}
        emptyText={STAFF_TEXT.empty}
      />
    );
  } else if (staff.isError) list = <ErrorText text={STAFF_TEXT.loadFailed} />;
  else list = <LoadingText text="Loading staff..." />;

  return (
    <div>
      <PageHeader title={STAFF_TEXT.title} />
      <p className="-mt-3 mb-5 max-w-2xl text-sm text-slate-600">{STAFF_TEXT.intro}</p>
      <div className="space-y-6">
        <InviteForm />
        {list}
      </div>
      {dialog}
    </div>
  );
}

/** The status badge, and under it when the link runs out (an open invite) or when the person was invited. */
function StaffStatus({ member }: { member: StaffMember }) {
  const badge = {
    joined: ['bg-green-100 text-green-800', STAFF_TEXT.status.joined],
    invited: ['bg-amber-100 text-amber-900', STAFF_TEXT.status.invited],
    expired: ['bg-slate-200 text-slate-700', STAFF_TEXT.status.expired],
  }[member.status];
  return (
    <span className="block">
      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${badge[0]}`}>{badge[1]}</span>
      <span className="mt-1 block text-xs text-slate-600">
        {member.status === 'invited' ? (
          STAFF_TEXT.status.validUntil(formatDateTime(member.inviteExpiresAt))
        ) : (
          <time dateTime={member.invitedAt}>{STAFF_TEXT.status.invitedOn(formatDate(member.invitedAt))}</time>
        )}
      </span>
    </span>
  );
}
