/** The Compliance schedules page's words and small styles, shared by its parts and tests. */
export const COMPLIANCE_TEXT = {
  title: 'Compliance schedules',
  intro:
    'The tasks each kind of outlet equipment needs, how often, and the rule or standard each interval comes from. The defaults ship with the shop (docs/compliance-schedules.md); change an interval, turn a task off, or add your own task for a category or one product. Changes apply to every outlet register.',
  loading: 'Loading the compliance schedule…',
  loadFailed: 'The compliance schedule could not be loaded.',
  failed: 'The change could not be saved. Please try again.',
  changeInterval: 'Change interval',
  save: 'Save',
  cancel: 'Cancel',
  turnOff: 'Turn off',
  turnOn: 'Turn on',
  backToDefault: 'Back to default',
  edit: 'Edit',
  remove: 'Remove',
  changed: (defaultText: string) => `Changed by you · default ${defaultText}`,
  off: 'Turned off',
  ownTask: 'Your task',
  addTitle: 'Add a task',
  add: 'Add task',
  adding: 'Adding…',
  added: 'The task was added.',
  saved: 'The interval was saved.',
  everyType: 'every type',
} as const;

export const buttonClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50';

export const KIND_STYLES = {
  law: 'bg-red-100 text-red-800',
  standard: 'bg-blue-100 text-blue-800',
  practice: 'bg-slate-200 text-slate-700',
} as const;
