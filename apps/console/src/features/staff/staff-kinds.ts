import type { StaffKind } from '@storedesk/shared/staff/schemas';
import { useT } from '@storedesk/web/i18n';
import { paths } from '@/config/paths.ts';

type StaffKindText = {
  /** The list's title and the sidebar's entry. */
  title: string;
  /** The list's title in a sentence: "admins", "delivery executives". */
  many: string;
  /** One of them, in a sentence: "admin", "delivery executive". */
  one: string;
  /** The spec's button and form title: 'Add Admin', 'Add Delivery Executive'. */
  add: string;
  /** The form title and its save button on the edit screen. */
  edit: string;
  save: string;
  description: string;
  emptyHint: string;
  /** The list's search field. */
  search: string;
  /** A zone chosen in the top bar that has none of them. */
  noneInZone: string;
  /** Delete's question and what it says when the person was gone already. */
  deleteTitle: (name: string) => string;
  alreadyDeleted: string;
  /** The edit screen's failed and loading states. */
  loadFailed: string;
  loading: string;
  listHref: string;
  addHref: string;
  editHref: (userId: string) => string;
};

/** What the shared staff screens say and link to for each kind (SPEC §2: one layout for both), in the language shown. */
export function useStaffKindText(kind: StaffKind): StaffKindText {
  const t = useT();
  if (kind === 'admins')
    return {
      title: t('staff.admins.title'),
      many: t('staff.admins.many'),
      one: t('staff.admins.one'),
      add: t('staff.admins.add'),
      edit: t('staff.admins.edit'),
      save: t('staff.admins.save'),
      description: t('staff.admins.description'),
      emptyHint: t('staff.admins.emptyHint'),
      search: t('staff.admins.search'),
      noneInZone: t('staff.admins.noneInZone'),
      deleteTitle: (name) => t('staff.admins.deleteTitle', { name }),
      alreadyDeleted: t('staff.admins.alreadyDeleted'),
      loadFailed: t('staff.admins.loadFailed'),
      loading: t('staff.admins.loading'),
      listHref: paths.admins.list.getHref(),
      addHref: paths.admins.add.getHref(),
      editHref: paths.admins.edit.getHref,
    };
  return {
    title: t('staff.dexs.title'),
    many: t('staff.dexs.many'),
    one: t('staff.dexs.one'),
    add: t('staff.dexs.add'),
    edit: t('staff.dexs.edit'),
    save: t('staff.dexs.save'),
    description: t('staff.dexs.description'),
    emptyHint: t('staff.dexs.emptyHint'),
    search: t('staff.dexs.search'),
    noneInZone: t('staff.dexs.noneInZone'),
    deleteTitle: (name) => t('staff.dexs.deleteTitle', { name }),
    alreadyDeleted: t('staff.dexs.alreadyDeleted'),
    loadFailed: t('staff.dexs.loadFailed'),
    loading: t('staff.dexs.loading'),
    listHref: paths.dexs.list.getHref(),
    addHref: paths.dexs.add.getHref(),
    editHref: paths.dexs.edit.getHref,
  };
}
