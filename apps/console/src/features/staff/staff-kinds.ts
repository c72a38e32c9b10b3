import type { StaffKind } from '@storedesk/shared/staff/schemas';
import { paths } from '@/config/paths.ts';

type StaffKindText = {
  /** The list's title and the sidebar's entry. */
  title: string;
  /** One of them, in a sentence: "admin", "delivery executive". */
  one: string;
  /** The spec's button and form title: 'Add Admin', 'Add Delivery Executive'. */
  add: string;
  /** The form title and its save button on the edit screen. */
  edit: string;
  save: string;
  description: string;
  emptyHint: string;
  listHref: string;
  addHref: string;
  editHref: (userId: string) => string;
};

/** What the shared staff screens say and link to for each kind (SPEC §2: one layout for both). */
export const staffKindText: Record<StaffKind, StaffKindText> = {
  admins: {
    title: 'Admins',
    one: 'admin',
    add: 'Add Admin',
    edit: 'Edit Admin',
    save: 'Save Admin',
    description: 'Admins run the stores and orders of their zone.',
    emptyHint: 'Add an admin to run the stores and orders of a zone.',
    listHref: paths.admins.list.getHref(),
    addHref: paths.admins.add.getHref(),
    editHref: paths.admins.edit.getHref,
  },
  'delivery-executives': {
    title: 'Delivery Executives',
    one: 'delivery executive',
    add: 'Add Delivery Executive',
    edit: 'Edit Delivery Executive',
    save: 'Save Delivery Executive',
    description: 'The people who take orders out, by zone.',
    emptyHint: 'Add the people who deliver, so confirmed orders can go out with one.',
    listHref: paths.dexs.list.getHref(),
    addHref: paths.dexs.add.getHref(),
    editHref: paths.dexs.edit.getHref,
  },
};
