/** The demo customer seeded on first start (README: demo logins). */
export const DEMO_CUSTOMER = {
  name: 'Ravi Kumar',
  email: 'customer@pumpkart.in',
  phone: '9876543210',
  password: 'customer123',
  address: {
    recipientName: 'Ravi Kumar',
    recipientPhone: '9876543210',
    line1: 'Shop 4, Highway Fuel Station',
    line2: 'Near Hadapsar Bus Stop',
    city: 'Pune',
    state: 'Maharashtra',
    postalCode: '411028',
    country: 'India',
  },
} as const;
