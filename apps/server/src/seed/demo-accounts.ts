/** The demo accounts of the spec README; all sign in with DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'Demo!2026';

export const DEMO_ACCOUNTS = [
  {
    email: 'admin@demo.test',
    userTypeId: 1,
    logonName: 'serviceprovider',
    name: 'Ada Admin',
    label: 'Admin (super admin)',
  },
  {
    email: 'technician@demo.test',
    userTypeId: 2,
    logonName: 'technician',
    name: 'Tore Tekniker',
    label: 'Technician',
  },
  {
    email: 'subcontractor@demo.test',
    userTypeId: 3,
    logonName: 'subcontractor',
    name: 'Siri Underleverandør',
    label: 'Subcontractor',
  },
  {
    email: 'customer.manager@demo.test',
    userTypeId: 4,
    logonName: 'customer.manager',
    name: 'Kari Kunde',
    label: 'Customer manager',
  },
  { email: 'partner@demo.test', userTypeId: 5, logonName: 'partner', name: 'Per Partner', label: 'Partner' },
  {
    email: 'customer.employee@demo.test',
    userTypeId: 6,
    logonName: 'customer.employee',
    name: 'Even Ansatt',
    label: 'Customer employee',
  },
] as const;
