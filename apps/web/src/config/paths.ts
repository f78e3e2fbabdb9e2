/** Every route path of the app, defined once. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  about: '/about',
  policy: '/policy',
  terms: '/terms',
  contact: '/contact',
  cart: '/cart',
  payment: '/payment',
  profile: '/profile',
  favorites: '/favorites',
  orders: '/order',
  category: '/category/:categoryName',
  admin: {
    root: '/admin',
    dashboard: '/admin/dashboard',
    products: '/admin/products',
    orders: '/admin/orders',
    analytics: '/admin/analytics',
    payments: '/admin/PaymentInfo',
    /** The signed-in admin's own account: change password. */
    account: '/admin/account',
  },
} as const;

/** The category page of a category; the name is URL-encoded. */
export const categoryPath = (name: string) => `/category/${encodeURIComponent(name)}`;
