import { z } from 'zod';
import { ALL_USER_TYPES, STAFF } from '../domain/user-types.ts';
import { listOf, SuccessMessage } from '../http/common.ts';
import { anonymous, defineRoute, json, sp, users } from '../http/route.ts';
import { ActiveState, RecordIdParams } from '../schemas/fields.ts';
import {
  CustomerAccountSearchQuery,
  UserAccount,
  UserAddInput,
  UserChangeInput,
  UserFilteredQuery,
  UserPasswordInput,
} from '../schemas/users.ts';

/**
 * User accounts (002 §7.21). Staff read them; Admins manage every account, Technicians and
 * Subcontractors only customer accounts (the service checks the target's user type).
 */
const editors = users(STAFF, { permission: 'CustomerAccount.Edit' });

export const userRoutes = {
  userFiltered: defineRoute({
    method: 'GET',
    path: sp('User/Filtered'),
    summary: 'A page of user accounts, by type, customer, department or partner company.',
    access: users(STAFF),
    query: UserFilteredQuery,
    response: json(listOf(UserAccount)),
  }),
  userSearchCustomerAccounts: defineRoute({
    method: 'GET',
    path: sp('User/SearchCustomerAccounts/'),
    summary: 'Customer accounts (customer managers and employees) whose name, e-mail or customer matches.',
    access: users(STAFF),
    query: CustomerAccountSearchQuery,
    response: json(z.array(UserAccount)),
  }),
  userGet: defineRoute({
    method: 'GET',
    path: sp('User/get/:id'),
    summary: 'One user account.',
    access: users(STAFF),
    params: RecordIdParams,
    response: json(UserAccount),
  }),
  userGetAccount: defineRoute({
    method: 'GET',
    path: sp('UserController/getAccount/:id'),
    summary: 'One user account; users who are not staff may ask only for their own.',
    access: users(ALL_USER_TYPES),
    params: RecordIdParams,
    response: json(UserAccount),
  }),
  userAdd: defineRoute({
    method: 'POST',
    path: sp('User/add'),
    summary: 'Create an account; without a password the user is mailed how to choose one.',
    access: editors,
    body: UserAddInput,
    response: json(UserAccount),
  }),
  userChange: defineRoute({
    method: 'PATCH',
    path: sp('User/:id'),
    summary: 'Change an account; a new user type ends its sessions.',
    access: editors,
    params: RecordIdParams,
    body: UserChangeInput,
    response: json(UserAccount),
  }),
  userToggleActive: defineRoute({
    method: 'PATCH',
    path: sp('User/toggleactive/:id'),
    summary: 'Activate or deactivate an account; deactivation ends its sessions at once.',
    access: editors,
    params: RecordIdParams,
    response: json(ActiveState),
  }),
  userChangePasswordFor: defineRoute({
    method: 'POST',
    path: sp('User/changePasswordFor/:email'),
    summary: 'Set the password of an account; ends its sessions.',
    access: editors,
    params: z.object({ email: z.string().trim().min(1, 'E-mail is required').max(200) }),
    body: UserPasswordInput,
    response: json(SuccessMessage),
  }),
  userSendResetPasswordMail: defineRoute({
    method: 'POST',
    path: sp('password/sendresetpasswordmail'),
    summary: 'Mail a user a recovery code (as the sign-in page does), started by staff.',
    access: editors,
    query: z.object({ emailaddress: z.string().trim().min(1, 'E-mail is required').max(200) }),
    response: json(SuccessMessage),
  }),
  passwordRecover: defineRoute({
    method: 'POST',
    path: sp('password/RecoverPassword'),
    summary: 'The older recovery call: same as Accounts/RecoverPassword, with the address in the query.',
    access: anonymous,
    query: z.object({
      Email: z.string().trim().min(1, 'E-mail is required').email('Invalid E-mail address'),
    }),
    response: json(SuccessMessage),
  }),
  passwordReset: defineRoute({
    method: 'POST',
    path: sp('password/resetpassword'),
    summary: 'The older password change with a recovery code: same as Accounts/ChangePassword.',
    access: anonymous,
    body: z.object({ Email: z.string().trim().min(1), Code: z.string().trim(), Password: z.string() }),
    response: json(SuccessMessage),
  }),
} as const;
