import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  optionalSpreadsheetColumns,
  requiredSpreadsheetColumns,
  spreadsheetLimits,
  storeColumn,
} from '@storedesk/shared/catalogue/spreadsheet';
import { FormattedMessage, useT } from '@storedesk/web/i18n';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { asApiError } from '@/lib/api-client.ts';
import { formatCount } from '@storedesk/shared/numbers';
import { sampleCatalogueHref } from '@/features/catalogue/api/export-catalogue.ts';
import {
  importResultOf,
  spreadsheetKind,
  useImportCatalogue,
  type ImportResult,
  type SpreadsheetKind,
} from '@/features/catalogue/api/import-catalogue.ts';
import { catalogueHref } from '@/features/catalogue/catalogue-paths.ts';
import { ImportCounts, ImportErrors } from '@/features/catalogue/components/import-preview.tsx';
import { SpreadsheetPicker } from '@/features/catalogue/components/spreadsheet-picker.tsx';
import { StoreNameLine } from '@/features/catalogue/components/store-name-line.tsx';

type Chosen = { file: File; kind: SpreadsheetKind };
type Stage =
  | { step: 'choose' }
  | { step: 'sending'; chosen: Chosen; apply: boolean; percent: number | null }
  | { step: 'preview'; chosen: Chosen; result: ImportResult }
  | { step: 'done'; chosen: Chosen; result: ImportResult };

const maxMegabytes = spreadsheetLimits.maxBytes / 1024 / 1024;

/** A file's size in bytes, KB or MB, the unit the words of `bytes` say. */
function formatSize(bytes: number, inBytes: (size: string) => string): string {
  if (bytes < 1024) return inBytes(String(bytes));
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The column names in the help, as code. */
const code = (chunks: ReactNode) => <code>{chunks}</code>;

/** The rows an apply writes: those that are new or change (unchanged rows stay as they are). */
const rowsToWrite = (result: ImportResult) => result.created + result.updated;

/**
 * B17: a store's catalogue from a spreadsheet, or (without a store in the address) several
 * stores' from one file with a store column. The chosen file is sent as a preview first (nothing
 * written), which counts the rows that are new, changed and unchanged and lists every bad row;
 * "Import N rows" sends it again to apply, whole or not at all.
 */
export function CatalogueImportPage() {
  const t = useT();
  const tooLarge = t('import.tooLarge', { megabytes: String(maxMegabytes) });
  const storeId = useParams().storeId ?? null;
  const backTo = storeId === null ? paths.stores.list.getHref() : catalogueHref(storeId, 'items');
  const importCatalogue = useImportCatalogue();
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const aborter = useRef<AbortController | null>(null);

  // Leaving the page stops an upload on its way.
  useEffect(() => () => aborter.current?.abort(), []);

  // A preview or a result arrived: the focus goes to its heading, which a screen reader reads.
  useEffect(() => {
    if (stage.step === 'preview' || stage.step === 'done') headingRef.current?.focus();
  }, [stage.step]);

  const send = async (chosen: Chosen, apply: boolean) => {
    setProblem(null);
    setStage({ step: 'sending', chosen, apply, percent: 0 });
    const controller = new AbortController();
    aborter.current = controller;
    try {
      const result = await importCatalogue.mutateAsync({
        storeId,
        file: chosen.file,
        kind: chosen.kind,
        dryRun: !apply,
        signal: controller.signal,
        onProgress: ({ loaded, total }) =>
          setStage((current) =>
            current.step === 'sending'
              ? { ...current, percent: total > 0 ? Math.round((loaded / total) * 100) : null }
              : current,
          ),
      });
      setStage({ step: apply ? 'done' : 'preview', chosen, result });
    } catch (caught) {
      if (controller.signal.aborted) return;
      const error = asApiError(caught);
      const current = importResultOf(error.current);
      if (error.status === 400 && current) {
        // The file was refused whole: its bad rows, as a preview would show them.
        setProblem(t('import.refused', { count: current.errors.length }));
        setStage({ step: 'preview', chosen, result: current });
        return;
      }
      // Signed out: the session's own handling takes the person to sign in.
      if (error.status === 401) return;
      setProblem(
        error.status === 413 ? tooLarge : error.status === 415 ? t('import.wrongType') : error.message,
      );
      setStage({ step: 'choose' });
    }
  };

  const pick = (file: File) => {
    const kind = spreadsheetKind(file);
    if (!kind) {
      setProblem(t('import.wrongType'));
      setStage({ step: 'choose' });
      return;
    }
    if (file.size > spreadsheetLimits.maxBytes) {
      setProblem(tooLarge);
      setStage({ step: 'choose' });
      return;
    }
    void send({ file, kind }, false);
  };

  const sending = stage.step === 'sending';
  const chosen = stage.step === 'choose' ? null : stage.chosen;

  let status = '';
  if (stage.step === 'sending') {
    const file = stage.chosen.file.name;
    status =
      stage.percent === null || stage.percent >= 100
        ? t(stage.apply ? 'import.importing' : 'import.checking', { file })
        : t('import.sendingPercent', { file, percent: String(Math.floor(stage.percent / 10) * 10) });
  }

  return (
    <>
      <PageHeader
        title={storeId === null ? t('import.titleAll') : t('import.title')}
        description={storeId === null ? t('import.descriptionAll') : <StoreNameLine storeId={storeId} />}
        actions={
          <Button startIcon={<ArrowBackOutlined />} component={RouterLink} to={backTo}>
            {storeId === null ? t('import.backToStores') : t('catalogue.title')}
          </Button>
        }
      />
      <Stack spacing={2}>
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              {storeId === null ? (
                <Typography variant="body2">
                  <FormattedMessage id="import.helpAll" values={{ column: storeColumn, code }} />
                </Typography>
              ) : null}
              <Typography variant="body2">
                <FormattedMessage
                  id="import.help"
                  values={{
                    required: requiredSpreadsheetColumns.join(', '),
                    optional: optionalSpreadsheetColumns.join(', '),
                    all: storeId === null ? 'yes' : 'no',
                    code,
                  }}
                />
              </Typography>
              <Box>
                <Link href={sampleCatalogueHref} download underline="hover">
                  <DownloadOutlined fontSize="small" sx={{ verticalAlign: 'text-bottom', mr: 0.5 }} />
                  {t('import.sample')}
                </Link>
              </Box>
              <SpreadsheetPicker
                onPick={pick}
                disabled={sending}
                label={chosen ? t('import.chooseAnother') : t('import.choose')}
              />
              {chosen ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {chosen.file.name}, {formatSize(chosen.file.size, (size) => t('import.bytes', { size }))}
                </Typography>
              ) : null}
              {problem ? (
                <Alert severity="error" role="alert">
                  {problem}
                </Alert>
              ) : null}
              <Box role="status" aria-live="polite">
                {stage.step === 'sending' ? (
                  <>
                    <LinearProgress
                      variant={
                        stage.percent === null || stage.percent >= 100 ? 'indeterminate' : 'determinate'
                      }
                      value={stage.percent ?? 0}
                      aria-label={t('import.sending', { file: stage.chosen.file.name })}
                    />
                    <Typography variant="body2" sx={{ mt: 1 }}>
                      {status}
                    </Typography>
                  </>
                ) : null}
                {stage.step === 'done' ? (
                  <Alert severity="success">
                    <Typography variant="subtitle1" component="h2" ref={headingRef} tabIndex={-1}>
                      {t('import.imported', { file: stage.chosen.file.name })}
                    </Typography>
                    {t('import.counts', {
                      created: formatCount(stage.result.created),
                      updated: formatCount(stage.result.updated),
                      unchanged: formatCount(stage.result.unchanged),
                    })}
                  </Alert>
                ) : null}
              </Box>
              {stage.step === 'done' ? (
                <Box>
                  <Button variant="contained" component={RouterLink} to={backTo}>
                    {storeId === null ? t('import.seeStores') : t('import.seeItems')}
                  </Button>
                </Box>
              ) : null}
            </Stack>
          </CardContent>
        </Card>
        {stage.step === 'preview' ? (
          <Preview
            result={stage.result}
            headingRef={headingRef}
            onApply={() => void send(stage.chosen, true)}
          />
        ) : null}
      </Stack>
    </>
  );
}

type PreviewProps = {
  result: ImportResult;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onApply: () => void;
};

/** What applying the file would do; nothing is written yet. */
function Preview({ result, headingRef, onApply }: PreviewProps) {
  const t = useT();
  const count = rowsToWrite(result);
  const bad = result.errors.length;
  let note: string;
  if (bad > 0) note = t('import.fixRows');
  else if (count === 0) note = t('import.nothingChanges');
  else note = t('import.nothingWritten');
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2" ref={headingRef} tabIndex={-1}>
            {t('import.preview')}
          </Typography>
          <ImportCounts result={result} />
          {bad > 0 ? (
            <>
              <Typography variant="subtitle1" component="h3" sx={{ color: 'error.main' }}>
                {t('import.rowsNeedAttention', { count: bad })}
              </Typography>
              <ImportErrors errors={result.errors} />
            </>
          ) : null}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {note}
          </Typography>
          <Box>
            <Button variant="contained" onClick={onApply} disabled={bad > 0 || count === 0}>
              {t('import.importRows', { count })}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
