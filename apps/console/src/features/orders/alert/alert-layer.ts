import type { Theme } from '@mui/material/styles';

/**
 * The layer of the order alerts (new order, preparation, low rating): above the app bar and the
 * navigation drawer, under menus, popovers and dialogs, so an alert never hides the option or the
 * button someone is about to press (a Snackbar's own layer is above all of them).
 */
export const orderAlertLayer = (theme: Theme) => theme.zIndex.modal - 1;
