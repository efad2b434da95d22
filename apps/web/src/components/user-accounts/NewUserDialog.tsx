import {
  isStaff,
  isStrongPassword,
  keepsCustomer,
  LANGUAGES,
  optionalPhone,
  requiredEmail,
  requiredLine,
  type UserAccount,
} from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../lib/api/client.ts';
import { showServerErrors, useTextField, useZodForm } from '../../lib/forms/zod-form.ts';
import { useCreatedNotice, useUnshownFailure } from '../feedback/index.ts';
import { FormDialog } from '../form-dialog/index.ts';
import { usePasswordMinLength } from '../password/min-length.ts';
import { CustomerDropdown } from '../search-dropdown/index.ts';
import { useAddUser, usePartnerCompanyChoices } from './api.ts';

type Key = 'Name' | 'EmailAdress' | 'Phone' | 'Password';
/** The partner user type (5): its account belongs to a partner company. */
const PARTNER = 5;
const EMPTY: Record<Key, string> = { Name: '', EmailAdress: '', Phone: '', Password: '' };
/**
 * The dialog's fields with the contract's field schemas; the password empty (the user chooses one) or
 * strong at the company's minimum length (a common one the server refuses on the field).
 */
const newUserForm = (weakPassword: string, minLength: number) =>
  z.object({
    Name: requiredLine(100),
    EmailAdress: requiredEmail,
    Phone: optionalPhone,
    Password: z.string().refine((v) => v === '' || isStrongPassword(v, minLength), weakPassword),
  });

/**
 * New user (User/add): name, e-mail, phone, user type among those allowed, the customer of a customer
 * account (fixed on a customer's users tab), language, and an optional password; without one the user
 * is mailed how to choose it. Server refusals show under their fields.
 */
export function NewUserDialog(props: {
  userTypeIds: readonly number[];
  customerId?: number;
  /** The partner company a partner account (type 5) belongs to. */
  partnerCompanyId?: number;
  /** The department a staff account joins (made on a department's users page). */
  departmentId?: number;
  onClose(): void;
  onCreated(user: UserAccount): void;
}) {
  const { t, i18n } = useTranslation(['users', 'common', 'server', 'validation']);
  const createdNotice = useCreatedNotice();
  const unshown = useUnshownFailure();
  const [type, setType] = useState(props.userTypeIds[0] ?? 6);
  const [customerId, setCustomerId] = useState<number | null>(props.customerId ?? null);
  const [customerError, setCustomerError] = useState<string | undefined>();
  const [partnerCompanyId, setPartnerCompanyId] = useState<number | null>(props.partnerCompanyId ?? null);
  const [partnerError, setPartnerError] = useState<string | undefined>();
  const [language, setLanguage] = useState(i18n.language);
  const [refusal, setRefusal] = useState<string | null>(null);
  const addUser = useAddUser();
  const busy = addUser.isPending;
  const minLength = usePasswordMinLength();
  const schema = useMemo(
    () => newUserForm(t('server:password_weak', { min: minLength }), minLength),
    [t, minLength],
  );
  const form = useZodForm(schema, EMPTY);
  const textField = useTextField(form);
  const needsCustomer = keepsCustomer(type);
  // A partner account belongs to a partner company: chosen here, unless the page is one company's.
  const needsPartner = type === PARTNER && !props.partnerCompanyId;
  const partners = usePartnerCompanyChoices(needsPartner);

  const missingCustomer = needsCustomer && !customerId;
  const missingPartner = type === PARTNER && !partnerCompanyId;
  const markMissing = () => {
    setCustomerError(missingCustomer ? t('validation:required_field') : undefined);
    setPartnerError(missingPartner ? t('validation:required_field') : undefined);
  };
  const submit = form.handleSubmit(
    async (v) => {
      setRefusal(null);
      markMissing();
      if (missingCustomer || missingPartner) return;
      try {
        const user = await addUser.mutateAsync({
          Name: v.Name,
          EmailAdress: v.EmailAdress,
          Phone: v.Phone,
          UserTypeId: type,
          CustomerId: needsCustomer ? customerId : null,
          PartnerCompanyId: type === PARTNER ? partnerCompanyId : null,
          ...(props.departmentId && isStaff(type) ? { DepartmentId: props.departmentId } : {}),
          Uiculture: language as (typeof LANGUAGES)[number],
          ...(v.Password ? { Password: v.Password } : {}),
        });
        createdNotice();
        props.onCreated(user);
      } catch (err) {
        unshown(err);
        showServerErrors(form, err, (f) => (f in EMPTY ? (f as Key) : null));
        if (err instanceof ApiError && err.body) {
          const customer = err.body.Errors?.find((fe) => fe.Field === 'CustomerId');
          if (customer) setCustomerError(customer.Message);
          const partner = err.body.Errors?.find((fe) => fe.Field === 'PartnerCompanyId');
          if (partner) setPartnerError(partner.Message);
          setRefusal(err.body.Message);
        }
      }
    },
    // The fields' problems show under them; a missing customer or partner company too.
    markMissing,
  );

  const field = (key: Key, extra: Record<string, unknown> = {}) => (
    <TextField
      {...textField(key)}
      label={t(`users:field.${key}`)}
      size="small"
      fullWidth
      autoComplete="off"
      {...extra}
    />
  );

  return (
    <FormDialog
      title={t('users:new_user')}
      submitLabel={t('users:create')}
      fullScreenOnPhone
      dividers
      pending={busy}
      lockWhilePending
      onSubmit={submit}
      onClose={props.onClose}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {refusal ? <Alert severity="warning">{refusal}</Alert> : null}
        {field('Name', { required: true, autoFocus: true })}
        {field('EmailAdress', { required: true, type: 'email', inputMode: 'email' })}
        {field('Phone', { type: 'tel', inputMode: 'tel' })}
        {props.userTypeIds.length > 1 ? (
          <TextField
            select
            size="small"
            label={t('users:field.UserTypeId')}
            value={type}
            onChange={(e) => setType(Number(e.target.value))}
            required
          >
            {props.userTypeIds.map((id) => (
              <MenuItem key={id} value={id}>
                {t(`users:type.${id}`)}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {needsCustomer && !props.customerId ? (
          <CustomerDropdown
            value={customerId}
            onChange={(id) => {
              setCustomerId(id);
              setCustomerError(undefined);
            }}
            label={t('users:field.CustomerId')}
            required
            {...(customerError ? { error: customerError } : {})}
            size="small"
            testId="new-user-customer"
          />
        ) : null}
        {needsPartner ? (
          <TextField
            select
            size="small"
            label={t('users:field.PartnerCompanyId')}
            value={partnerCompanyId ?? ''}
            onChange={(e) => {
              setPartnerCompanyId(e.target.value === '' ? null : Number(e.target.value));
              setPartnerError(undefined);
            }}
            required
            error={!!partnerError}
            helperText={partnerError}
            slotProps={{ htmlInput: { 'data-testid': 'new-user-partner-company' } }}
          >
            {(partners.data ?? []).map((c) => (
              <MenuItem key={c.Id} value={c.Id}>
                {c.Name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <TextField
          select
          size="small"
          label={t('users:field.Uiculture')}
          value={language}
          onChange={(e) => setLanguage(e.target.value)}
        >
          {LANGUAGES.map((l) => (
            <MenuItem key={l} value={l}>
              {t(`common:languageNames.${l}`)}
            </MenuItem>
          ))}
        </TextField>
        {field('Password', {
          type: 'password',
          autoComplete: 'new-password',
          helperText: textField('Password').helperText ?? t('users:password_hint'),
        })}
      </Box>
    </FormDialog>
  );
}
