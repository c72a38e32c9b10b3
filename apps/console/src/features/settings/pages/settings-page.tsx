import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useT } from '@storedesk/web/i18n';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import type { MessageId } from '@/i18n/index.ts';
import { AboutTab } from '@/features/settings/components/about-tab.tsx';
import { HelplinesTab } from '@/features/settings/components/helplines-tab.tsx';
import { NotificationsTab } from '@/features/settings/components/notifications-tab.tsx';
import { OrderSettingsTab } from '@/features/settings/components/order-settings-tab.tsx';
import { OthersTab } from '@/features/settings/components/others-tab.tsx';
import { PaymentModesTab } from '@/features/settings/components/payment-modes-tab.tsx';
import { ReferralSettingsTab } from '@/features/settings/components/referral-settings-tab.tsx';

/** The six tabs of SPEC §2 /settings, in order, then Notifications (B19); `key` is the tab's `?tab=` value, `label` its name's key. */
export const settingsTabs: ReadonlyArray<{
  key: string;
  label: MessageId;
  Component: ComponentType;
}> = [
  { key: 'about', label: 'settings.tab.about', Component: AboutTab },
  { key: 'payment-modes', label: 'settings.tab.paymentModes', Component: PaymentModesTab },
  { key: 'order', label: 'settings.tab.order', Component: OrderSettingsTab },
  { key: 'referral', label: 'settings.tab.referral', Component: ReferralSettingsTab },
  { key: 'helplines', label: 'settings.tab.helplines', Component: HelplinesTab },
  { key: 'others', label: 'settings.tab.others', Component: OthersTab },
  { key: 'notifications', label: 'settings.tab.notifications', Component: NotificationsTab },
];

/**
 * /settings (owner only): each tab reads and saves its own records with their
 * versions (D9). The open tab is in the address, so a reload or a shared link
 * opens the same tab.
 */
export function SettingsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const current = settingsTabs.find((tab) => tab.key === params.get('tab')) ?? settingsTabs[0]!;
  const { Component } = current;
  return (
    <>
      <PageHeader title={t('settings.title')} />
      <Paper variant="outlined">
        <Tabs
          value={current.key}
          onChange={(_event, key: string) => setParams({ tab: key }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('settings.title')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {settingsTabs.map((tab) => (
            <Tab
              key={tab.key}
              value={tab.key}
              label={t(tab.label)}
              id={`settings-tab-${tab.key}`}
              aria-controls={`settings-panel-${tab.key}`}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`settings-panel-${current.key}`}
          aria-labelledby={`settings-tab-${current.key}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Component />
        </Box>
      </Paper>
    </>
  );
}
