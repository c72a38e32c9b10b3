import type { OnboardingSubmitInput } from '@storedesk/shared/onboarding/schemas';
import type { DefaultValues } from 'react-hook-form';

/** The wizard's data, as Finish sends it (SPEC §3 Onboarding data). */
export type OnboardingFormValues = OnboardingSubmitInput;

export const emptyOnboardingForm: DefaultValues<OnboardingFormValues> = {
  iconFileData: '',
  business: { name: '', description: '' },
  user: { name: '', email: '', phone: '', password: '', confirmPassword: '' },
};

/** The fields each step checks before Next moves on. */
export const stepFields = {
  business: ['iconFileData', 'business.name', 'business.theme', 'business.description'],
  user: ['user.name', 'user.email', 'user.phone', 'user.password', 'user.confirmPassword'],
} as const;

export const userFieldNames = ['name', 'email', 'phone', 'password', 'confirmPassword'] as const;
