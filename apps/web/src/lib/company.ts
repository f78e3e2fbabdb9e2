/** The shop's own details, shown in the footer and on the static pages. */
export const COMPANY = {
  name: 'PumpKart Equipment Pvt. Ltd.',
  shortName: 'PumpKart',
  address: 'Plot 21, MIDC Industrial Area, Bhosari, Pune, Maharashtra 411026, India',
  email: 'support@pumpkart.in',
  phone: '+91 20 4567 8900',
  hours: 'Monday to Saturday, 9:30 am to 6:30 pm IST',
  paymentProvider: 'Razorpay',
} as const;
