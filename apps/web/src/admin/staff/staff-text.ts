/** The Staff page's words (docs/shop-rules.md#staff), shared by the page, its invite form and their tests. */
export const STAFF_TEXT = {
  title: 'Staff',
  intro:
    'Invite the people who help you run the shop. Each gets an e-mail with a link to set their password, and sees only what their role opens.',
  inviteTitle: 'Invite a person',
  invite: 'Send invitation',
  inviting: 'Sending...',
  listTitle: 'Staff accounts',
  empty: 'Nobody is invited yet.',
  loadFailed: 'The staff could not be loaded. Please try again.',
  failed: 'That did not work. Please try again.',
  sendAgain: 'Send a new link',
  remove: 'Remove',
  status: {
    joined: 'Joined',
    invited: 'Invited',
    validUntil: (until: string) => `Link valid until ${until}`,
    invitedOn: (day: string) => `Invited ${day}`,
    expired: 'Invitation expired',
  },
} as const;

/** The staff page's small buttons. */
export const buttonClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50';
