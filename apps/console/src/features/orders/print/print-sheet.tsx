import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useT } from '@storedesk/web/i18n';
import { paths } from '@/config/paths.ts';

export type Paper = 'roll' | 'a4';
const PAPER_KEY = 'storedesk.printPaper';
const ROLL_MARGIN_MM = 3;

function savedPaper(): Paper {
  try {
    return localStorage.getItem(PAPER_KEY) === 'a4' ? 'a4' : 'roll';
  } catch {
    return 'roll';
  }
}

/**
 * The printed documents' sheet (B15): 80 mm thermal paper or A4, chosen on screen and kept in this
 * browser; only the document prints (the toolbar is screen-only) and none of the console's chrome
 * is here. With `?print=1` the browser's print dialog opens once the document is ready.
 */
export function PrintSheet({
  title,
  orderId,
  ready,
  children,
}: {
  title: string;
  orderId: string;
  /** The document has loaded: printing may start. */
  ready: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const [paper, setPaper] = useState<Paper>(savedPaper);
  const doc = useRef<HTMLElement>(null);
  // A roll is one page as long as the document: a page size needs both lengths.
  const [rollMm, setRollMm] = useState(200);
  useLayoutEffect(() => {
    if (!ready || !doc.current) return;
    const contentPx = doc.current.scrollHeight;
    // With a little room, so rounding never spills a last line onto a second page.
    setRollMm(Math.ceil((contentPx * 25.4) / 96) + 2 * ROLL_MARGIN_MM + 4);
  }, [ready, paper, children]);
  const [search] = useSearchParams();
  const autoPrint = search.get('print') === '1';

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    if (!ready || !autoPrint) return;
    // After the document has been laid out.
    const timer = window.setTimeout(() => window.print(), 50);
    return () => window.clearTimeout(timer);
  }, [ready, autoPrint]);

  const choosePaper = (next: Paper | null) => {
    if (!next) return;
    setPaper(next);
    try {
      localStorage.setItem(PAPER_KEY, next);
    } catch {
      // Private windows may refuse storage: the choice lasts this page.
    }
  };

  return (
    <div className={`print-page print-${paper}`}>
      <style>{`
        @page { size: ${paper === 'a4' ? 'A4' : `80mm ${rollMm}mm`}; margin: ${paper === 'a4' ? '14mm' : `${ROLL_MARGIN_MM}mm`}; }
        .print-page { min-height: 100vh; padding: 16px; }
        .print-toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: center; margin: 0 auto 16px; max-width: 210mm; }
        .print-doc { background: #fff; color: #000; margin: 0 auto; box-shadow: 0 1px 4px rgba(0,0,0,.2); font-family: ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace; }
        .print-roll .print-doc { width: 80mm; max-width: 100%; padding: 3mm; font-size: 12px; line-height: 1.35; }
        .print-a4 .print-doc { width: 210mm; max-width: 100%; padding: 14mm; font-size: 13px; line-height: 1.45; font-family: system-ui, 'DejaVu Sans', Arial, sans-serif; }
        .print-doc h1 { font-size: 1.35em; margin: 0 0 2px; text-align: center; }
        .print-doc h2 { font-size: 1.05em; margin: 8px 0 4px; }
        .print-doc p { margin: 0; }
        .print-doc .centre { text-align: center; }
        .print-doc .muted { color: #333; }
        .print-doc .rule { border: 0; border-top: 1px dashed #000; margin: 6px 0; }
        .print-doc table { width: 100%; border-collapse: collapse; }
        .print-doc th, .print-doc td { text-align: left; vertical-align: top; padding: 2px 0; }
        .print-doc th.num, .print-doc td.num { text-align: right; white-space: nowrap; padding-left: 6px; }
        .print-doc th.qty, .print-doc td.qty { text-align: right; white-space: nowrap; width: 1%; padding-right: 3mm; }
        .print-doc thead th { border-bottom: 1px solid #000; }
        .print-doc tfoot td, .print-doc tr.total td { font-weight: 700; border-top: 1px solid #000; }
        .print-doc .big { font-size: 1.6em; font-weight: 700; }
        .print-doc .slot { border: 2px solid #000; margin: 6px 0; padding: 4px; text-align: center; font-size: 1.25em; font-weight: 700; }
        .print-doc .logo { display: block; margin: 0 auto 4px; max-height: 48px; max-width: 60%; }
        .print-a4 .print-doc .logo { max-height: 64px; }
        @media print {
          html, body, #root { min-height: 0 !important; height: auto !important; }
          .print-page { background: none; padding: 0; min-height: 0; }
          .print-toolbar { display: none; }
          .print-page .print-doc { box-shadow: none; margin: 0; width: auto; max-width: none; padding: 0; }
        }
      `}</style>
      <div className="print-toolbar" role="toolbar" aria-label={t('print.toolbar')}>
        <Button
          startIcon={<ArrowBackOutlined />}
          component={RouterLink}
          to={paths.orders.detail.getHref(orderId)}
        >
          {t('print.back')}
        </Button>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={paper}
          onChange={(_event, next: Paper | null) => choosePaper(next)}
          aria-label={t('print.paper')}
        >
          <ToggleButton value="roll">{t('print.roll')}</ToggleButton>
          <ToggleButton value="a4">{t('print.a4')}</ToggleButton>
        </ToggleButtonGroup>
        <Button
          variant="contained"
          startIcon={<PrintOutlined />}
          disabled={!ready}
          onClick={() => window.print()}
        >
          {t('print.print')}
        </Button>
      </div>
      <main className="print-doc" ref={doc}>
        {children}
      </main>
    </div>
  );
}
