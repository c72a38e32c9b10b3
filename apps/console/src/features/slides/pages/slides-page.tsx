import AddOutlined from '@mui/icons-material/AddOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Slide } from '@storedesk/shared/slides/schemas';
import { useT } from '@storedesk/web/i18n';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useDeleteWithUndo } from '@/components/delete-with-undo.tsx';
import { ErrorDialog } from '@/components/error-dialog.tsx';
import { ListPagination } from '@/components/list-pagination.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { SearchField } from '@/components/search-field.tsx';
import { ListQueryStatus, ListRows, RowEditDelete } from '@/components/table-states.tsx';
import { useListParams, usePageInRange } from '@/lib/list-params.ts';
import { useCompact } from '@/lib/use-compact.ts';
import { useDeleteSlide } from '@/features/slides/api/delete-slide.ts';
import { useSlides } from '@/features/slides/api/get-slides.ts';
import { useRestoreSlide } from '@/features/slides/api/restore-slide.ts';
import { TableRegion } from '@/components/table-region.tsx';

/** What a delete needs of a slide; its title names it in the dialog and the snackbar. */
type SlideToDelete = { id: string; name: string; version: number };

function AddSlideButton() {
  const t = useT();
  return (
    <Button
      variant="contained"
      startIcon={<AddOutlined />}
      component={RouterLink}
      to={paths.slides.add.getHref()}
    >
      {t('slides.add')}
    </Button>
  );
}

function SlideThumbnail({ slide }: { slide: Slide }) {
  const t = useT();
  if (!slide.imageUrl) {
    return (
      <Tooltip title={t('slides.noImage')}>
        {/* A picture's name needs a picture's role: a plain box may not carry one. */}
        <Avatar
          variant="rounded"
          role="img"
          aria-label={t('slides.noImageNamed', { title: slide.title })}
          sx={{ width: 72, height: 40 }}
        >
          <ImageOutlined fontSize="small" />
        </Avatar>
      </Tooltip>
    );
  }
  return <Avatar variant="rounded" src={slide.imageUrl} alt={slide.title} sx={{ width: 72, height: 40 }} />;
}

/** SPEC §2 Slides list: Position, Title, Image, Action (Edit, Delete); 'Search slide' and 'Add slide'. */
export function SlidesPage() {
  // On a phone each slide is one row: its picture, title and position, then its actions (B9).
  const compact = useCompact();
  const t = useT();
  const [listParams, setListParams] = useListParams();
  const { q, page, pageSize } = listParams;
  const slides = useSlides({ q, page, pageSize });
  const deleteSlide = useDeleteSlide();
  const restoreSlide = useRestoreSlide();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  const items = slides.data?.items ?? [];
  const total = slides.data?.total ?? 0;
  const lastPage = usePageInRange(slides, listParams, setListParams);

  const deletion = useDeleteWithUndo<SlideToDelete>({
    noun: t('slides.nounOne'),
    question: t('slides.deleteQuestion'),
    remove: (slide) => deleteSlide.mutateAsync({ slideId: slide.id, version: slide.version }),
    restore: (slide) => restoreSlide.mutateAsync(slide.id),
    onError: setErrorMessage,
  });

  const columns = compact ? 2 : 4;

  const rows = items.map((slide) => {
    const actions = (
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <RowEditDelete
          name={slide.title}
          editTo={paths.slides.edit.getHref(slide.id)}
          onDelete={() => deletion.ask({ id: slide.id, name: slide.title, version: slide.version })}
        />
      </TableCell>
    );
    if (compact) {
      return (
        <TableRow key={slide.id} hover>
          <TableCell>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <SlideThumbnail slide={slide} />
              <div>
                <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                  {slide.title}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('slides.positionN', { position: String(slide.position) })}
                </Typography>
              </div>
            </Stack>
          </TableCell>
          {actions}
        </TableRow>
      );
    }
    return (
      <TableRow key={slide.id} hover>
        <TableCell align="right">{slide.position}</TableCell>
        <TableCell sx={{ wordBreak: 'break-word' }}>{slide.title}</TableCell>
        <TableCell>
          <SlideThumbnail slide={slide} />
        </TableCell>
        {actions}
      </TableRow>
    );
  });

  return (
    <>
      <PageHeader
        title={t('slides.title')}
        description={t('slides.description')}
        actions={<AddSlideButton />}
      />
      <Paper variant="outlined">
        <Toolbar sx={{ py: 1, px: { xs: 2 } }}>
          <SearchField label={t('slides.search')} value={q} onSearch={(next) => setListParams({ q: next })} />
        </Toolbar>
        <ListQueryStatus query={slides} noun={t('slides.noun')} />
        <TableRegion name={t('slides.title')} maxHeight={640}>
          <Table stickyHeader size="small" aria-label={t('slides.title')}>
            <TableHead>
              {compact ? (
                <TableRow>
                  <TableCell>{t('slides.column.slide')}</TableCell>
                  <TableCell align="right">{t('common.action')}</TableCell>
                </TableRow>
              ) : (
                <TableRow>
                  <TableCell align="right" sx={{ width: 72 }}>
                    {t('slides.position')}
                  </TableCell>
                  <TableCell>{t('slides.field.title')}</TableCell>
                  <TableCell sx={{ width: 104 }}>{t('slides.image')}</TableCell>
                  <TableCell align="right" sx={{ width: 112 }}>
                    {t('common.action')}
                  </TableCell>
                </TableRow>
              )}
            </TableHead>
            <TableBody>
              <ListRows
                query={slides}
                count={items.length}
                columns={columns}
                q={q}
                onClearSearch={() => setListParams({ q: '' })}
                noun={t('slides.noun')}
                empty={{
                  action: <AddSlideButton />,
                  hint: t('slides.emptyHint'),
                }}
              >
                {rows}
              </ListRows>
            </TableBody>
          </Table>
        </TableRegion>
        <ListPagination
          total={total}
          page={Math.min(page, lastPage)}
          pageSize={pageSize}
          onChange={setListParams}
        />
      </Paper>
      {deletion.dialog}
      <ErrorDialog message={errorMessage} onClose={() => setErrorMessage(null)} />
    </>
  );
}
