import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { staffInputSchema, staffMemberSchema, staffUpdateSchema } from '@storedesk/shared/staff/schemas';
import type { StaffMember } from '@storedesk/shared/staff/schemas';
import { useT } from '@storedesk/web/i18n';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SaveButton } from '@/components/save-button.tsx';
import { ZonePickerField } from '@/components/zone-picker-field.tsx';
import type { ApiError } from '@/lib/api-client.ts';
import { changedFields, useEditBase, useStaleSaveMessage } from '@/lib/edit-base.ts';
import { applySaveRefusal, fieldMessages } from '@/lib/save-refusal.ts';
import type { Translate } from '@/i18n/index.ts';

/** SPEC §5 user form: the password is required on add, optional on edit ('Update Password (Optional)'). */
const addSchema = staffInputSchema;
const editSchema = staffInputSchema.extend({ password: staffUpdateSchema.shape.password });
/** The owner places the person in a zone; an admin's executives stay in the admin's zone (D3). */
const chooseZone = 'Choose a zone';
const zoneChoice = { zoneId: z.uuid({ error: chooseZone }) };

const schemas = {
  ownerAdd: addSchema.extend(zoneChoice),
  ownerEdit: editSchema.extend(zoneChoice),
  adminAdd: addSchema.omit({ zoneId: true }),
  adminEdit: editSchema.omit({ zoneId: true }),
};

type StaffFormValues = z.input<typeof schemas.ownerEdit>;
export type StaffFormOutput = z.output<typeof schemas.ownerEdit>;

const formFields = ['name', 'email', 'phone', 'password', 'zoneId'] as const;

/** What the stale-save alert names when a colleague's save changed the person (D9). */
const changeLabels = (t: Translate): Partial<Record<keyof StaffMember, string>> => ({
  name: t('common.name'),
  email: t('staff.email'),
  phone: t('staff.phone'),
  zoneId: t('staff.zone'),
});

function toFormValues(member: StaffMember, owner: boolean): StaffFormValues {
  return {
    name: member.name,
    email: member.email,
    phone: member.phone,
    password: '',
    ...(owner ? { zoneId: member.zoneId } : {}),
  } as StaffFormValues;
}

export type StaffSaveResult = { ok: true } | { ok: false; error: ApiError };

type Notice = { severity: 'error' | 'warning'; message: string };

type StaffFormProps = {
  /** Leaves the form without saving (back where the person came from). */
  onCancel: () => void;
  /** What the person is called in the stale-save alert, in the language shown: "admin". */
  recordName: string;
  /** The owner chooses the zone; an admin sees no zone field. */
  owner: boolean;
  /** Edit: the person as they are now. The form follows them until the first edit (D9). */
  member?: StaffMember;
  /** Add: the zone to start from (the top bar's, when the owner chose one). */
  defaultZoneId?: string;
  submitLabel: string;
  /** `base` is the person the edits started from: save with its version. */
  onSave: (values: StaffFormOutput, base: StaffMember | undefined) => Promise<StaffSaveResult>;
};

/**
 * SPEC §5 user form for admins and delivery executives: name, email, phone,
 * password, and the zone for the owner. What the server refuses shows in a
 * closable alert at the top (SPEC §8), with field messages on their fields.
 */
export function StaffForm({
  recordName,
  owner,
  member,
  defaultZoneId,
  submitLabel,
  onSave,
  onCancel,
}: StaffFormProps) {
  const t = useT();
  const staleSaveMessage = useStaleSaveMessage();
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const live = useMemo(() => (member ? toFormValues(member, owner) : undefined), [member, owner]);
  const schema = owner
    ? member
      ? schemas.ownerEdit
      : schemas.ownerAdd
    : member
      ? schemas.adminEdit
      : schemas.adminAdd;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<StaffFormValues, unknown, StaffFormOutput>({
    resolver: zodResolver(schema as typeof schemas.ownerEdit),
    mode: 'onTouched',
    defaultValues:
      live ?? ({ name: '', email: '', phone: '', password: '', zoneId: defaultZoneId } as StaffFormValues),
  });
  const base = useEditBase(member, isDirty);

  // Untouched, the form shows a colleague's save as it arrives.
  useEffect(() => {
    if (live && !isDirty) reset(live);
  }, [live, isDirty, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    setNotice(null);
    const savedFrom = base;
    try {
      const result = await onSave(values, savedFrom);
      if (result.ok) return;
      const { error } = result;
      if (error.status === 401) return;
      const current = staffMemberSchema.safeParse(error.current);
      if (savedFrom && error.status === 409 && current.success) {
        reset(toFormValues(current.data, owner));
        setNotice({
          severity: 'warning',
          message: staleSaveMessage(recordName, changedFields(savedFrom, current.data, changeLabels(t))),
        });
        return;
      }
      // A message the server puts on a field shows there, the first such field taking the focus;
      // only a refusal that names no field shows in the alert.
      const message = applySaveRefusal(error, {
        current: staffMemberSchema,
        showCurrent: (record) => reset(toFormValues(record, owner)),
        fields: fieldMessages(setError, formFields),
      });
      if (message) setNotice({ severity: 'error', message });
    } finally {
      setSaving(false);
    }
  });

  const showNotice = useCallback(
    (node: HTMLDivElement | null) => node?.scrollIntoView?.({ block: 'nearest' }),
    [],
  );

  return (
    <Card variant="outlined" sx={{ maxWidth: 640 }}>
      <CardContent>
        <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
          {notice ? (
            // The margin keeps it clear of the top bar when it is scrolled into view.
            <Alert
              ref={showNotice}
              severity={notice.severity}
              onClose={() => setNotice(null)}
              sx={{ scrollMarginTop: 88 }}
            >
              {notice.message}
            </Alert>
          ) : null}
          <TextField
            label={t('common.name')}
            fullWidth
            required
            autoComplete="off"
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label={t('staff.email')}
            type="email"
            fullWidth
            required
            autoComplete="off"
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label={t('staff.phone')}
            type="tel"
            fullWidth
            required
            autoComplete="off"
            placeholder="+91-1234567890"
            error={Boolean(errors.phone)}
            helperText={errors.phone?.message}
            {...register('phone')}
          />
          {owner ? (
            <ZonePickerField
              control={control}
              name="zoneId"
              recordZone={member ? { id: member.zoneId, name: member.zoneName } : undefined}
              error={errors.zoneId?.message === chooseZone ? t('staff.chooseZone') : errors.zoneId?.message}
            />
          ) : null}
          <TextField
            label={member ? t('staff.updatePassword') : t('staff.password')}
            type="password"
            fullWidth
            required={!member}
            autoComplete="new-password"
            error={Boolean(errors.password)}
            helperText={
              errors.password?.message ?? (member ? t('staff.passwordKeep') : t('staff.passwordLength'))
            }
            {...register('password')}
          />
          <div>
            <SaveButton saving={saving} label={submitLabel} onCancel={onCancel} />
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
