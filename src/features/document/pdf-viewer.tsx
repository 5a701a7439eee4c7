/**
 * The portal's PDF viewer (pdf.js, its worker served by the portal at `/api/pdf/…`): pages drawn on
 * canvases as they come into view, page and zoom controls, text search with the matches marked,
 * download, keyboard use (PageUp/PageDown, +/−, Ctrl+F in the search box). Loaded with next/dynamic
 * only where a document is shown. It opens only files this portal's files service serves
 * (`isPortalFileUrl`); anything else is refused before any request is made.
 */
import { Button, HStack, Spinner, Text } from "@chakra-ui/react";
import { Input } from "@/components/ui/chakra/input";
import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist";
import { isPortalFileUrl } from "@/contracts/document";

type PdfJs = typeof import("pdfjs-dist");
let pdfjsPromise: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import("pdfjs-dist").then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = `/api/pdf/pdf.worker-${pdfjs.version}.mjs`;
    return pdfjs;
  });
  return pdfjsPromise;
}

interface Match {
  page: number;
  rects: [number, number, number, number][];
}

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
/** "Fit width" never enlarges a page beyond this (as pdf.js's automatic zoom): on a desktop it stays readable at a glance. */
const MAX_FIT_SCALE = 1.25;
const MIN_SCALE = 0.25;

/** The scale at which a page `pageWidth` wide (at 100 %) fills `available` pixels, rounded down so it never overflows. */
export function fitWidthScale(available: number, pageWidth: number): number {
  if (available <= 0 || pageWidth <= 0) return 1;
  return Math.max(MIN_SCALE, Math.min(MAX_FIT_SCALE, Math.floor((available / pageWidth) * 100) / 100));
}

/** The next step of the zoom buttons from the current scale (which may lie between two steps after "fit width"). */
export function nextZoom(scale: number, dir: 1 | -1): number {
  const steps = dir > 0 ? ZOOMS.filter((z) => z > scale + 0.001) : ZOOMS.filter((z) => z < scale - 0.001).reverse();
  return steps[0] ?? (dir > 0 ? ZOOMS[ZOOMS.length - 1]! : ZOOMS[0]!);
}

function PdfPage({ pdf, pageNumber, scale, matches, registerRef }: { pdf: PDFDocumentProxy; pageNumber: number; scale: number; matches: Match["rects"]; registerRef: (n: number, el: HTMLDivElement | null) => void }) {
  const { t } = useTranslation();
  const holder = useRef<HTMLDivElement | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [page, setPage] = useState<PDFPageProxy | null>(null);
  const [visible, setVisible] = useState(pageNumber <= 2);
  useEffect(() => {
    let live = true;
    void pdf.getPage(pageNumber).then((p) => {
      if (live) setPage(p);
    });
    return () => {
      live = false;
    };
  }, [pdf, pageNumber]);
  useEffect(() => {
    const el = holder.current;
    if (!el || visible || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setVisible(true);
    }, { rootMargin: "400px" });
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible]);
  const viewport = page?.getViewport({ scale });
  useEffect(() => {
    if (!page || !viewport || !visible || !canvas.current) return;
    const ratio = window.devicePixelRatio || 1;
    const c = canvas.current;
    c.width = Math.floor(viewport.width * ratio);
    c.height = Math.floor(viewport.height * ratio);
    const task = page.render({ canvas: c, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined });
    task.promise.catch(() => undefined);
    return () => task.cancel();
  }, [page, viewport?.width, viewport?.height, visible]); // eslint-disable-line react-hooks/exhaustive-deps -- redraw on size, not on each new viewport object
  const width = viewport?.width ?? 595 * scale;
  const height = viewport?.height ?? 842 * scale;
  return (
    <div
      className="cca-pdf-page"
      style={{ width, height }}
      ref={(el) => {
        holder.current = el;
        registerRef(pageNumber, el);
      }}
      role="img"
      aria-label={t("document:viewer.page_label", { page: pageNumber })}
      data-page={pageNumber}
    >
      <canvas ref={canvas} style={{ width, height }} />
      {viewport
        ? matches.map(([x1, y1, x2, y2], i) => {
            const [a, b, c, d] = viewport.convertToViewportRectangle([x1, y1, x2, y2]);
            return <mark key={i} style={{ left: Math.min(a, c), top: Math.min(b, d), width: Math.abs(c - a), height: Math.abs(d - b) }} />;
          })
        : null}
    </div>
  );
}

export interface PdfViewerProps {
  /** A path of this portal's files service (`/files-api/api/get/raw/…`). */
  file: string;
  /** File name offered by the download link. */
  downloadName?: string;
  /** Called before the download starts (e.g. to log it); return false to cancel. */
  onDownload?: () => Promise<boolean>;
  height?: string;
}

export default function PdfViewer({ file, downloadName, onDownload, height = "75vh" }: PdfViewerProps) {
  const { t } = useTranslation();
  const allowed = isPortalFileUrl(file);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  // Opens fitting the width of its box (a phone shows a whole page across); the zoom buttons then set a fixed scale.
  const [zoomSetting, setZoomSetting] = useState<number | "fit">("fit");
  const [fitScale, setFitScale] = useState(1);
  const [firstPageWidth, setFirstPageWidth] = useState<number | null>(null);
  const [current, setCurrent] = useState(1);
  const [pageInput, setPageInput] = useState("1");
  const [query, setQuery] = useState("");
  const [matches, setMatches] = useState<Match[] | null>(null);
  const [matchIndex, setMatchIndex] = useState(0);
  const [searching, setSearching] = useState(false);
  const pageRefs = useRef(new Map<number, HTMLDivElement>());
  const scroller = useRef<HTMLDivElement>(null);
  const searchId = useId();
  const pageId = useId();

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    let doc: PDFDocumentProxy | null = null;
    void loadPdfJs()
      .then((pdfjs) => pdfjs.getDocument({ url: file, isEvalSupported: false, enableXfa: false }).promise)
      .then((d) => {
        doc = d;
        if (live) setPdf(d);
        else void d.destroy();
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      void doc?.destroy();
    };
  }, [file, allowed]);

  useEffect(() => {
    if (!pdf) return;
    let live = true;
    void pdf.getPage(1).then((page) => {
      if (live) setFirstPageWidth(page.getViewport({ scale: 1 }).width);
    });
    return () => {
      live = false;
    };
  }, [pdf]);

  // The width a page may take: the pages box less its padding, followed as the box is resized (rotation, window).
  useEffect(() => {
    const box = scroller.current;
    if (!box || !firstPageWidth) return;
    const measure = () => {
      const style = getComputedStyle(box);
      const available = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      setFitScale(fitWidthScale(available, firstPageWidth));
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [firstPageWidth]);
  const scale = zoomSetting === "fit" ? fitScale : zoomSetting;

  const registerRef = useCallback((n: number, el: HTMLDivElement | null) => {
    if (el) pageRefs.current.set(n, el);
    else pageRefs.current.delete(n);
  }, []);

  const goTo = (n: number) => {
    if (!pdf) return;
    const page = Math.min(Math.max(1, n), pdf.numPages);
    setCurrent(page);
    setPageInput(String(page));
    const el = pageRefs.current.get(page);
    const box = scroller.current;
    if (el && box) box.scrollTo({ top: el.offsetTop - box.offsetTop - 8 });
  };

  // The current page follows scrolling.
  useEffect(() => {
    const box = scroller.current;
    if (!box || !pdf) return;
    const onScroll = () => {
      const top = box.scrollTop + box.offsetTop + box.clientHeight / 3;
      let page = 1;
      for (const [n, el] of pageRefs.current) if (el.offsetTop <= top && n > page) page = n;
      setCurrent(page);
      setPageInput(String(page));
    };
    box.addEventListener("scroll", onScroll, { passive: true });
    return () => box.removeEventListener("scroll", onScroll);
  }, [pdf]);

  const runSearch = async () => {
    const word = query.trim().toLowerCase();
    if (!pdf || !word) {
      setMatches(null);
      return;
    }
    setSearching(true);
    const found: Match[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const rects: Match["rects"] = [];
      for (const item of content.items) {
        if (!("str" in item)) continue;
        const text = item.str.toLowerCase();
        let at = text.indexOf(word);
        while (at >= 0) {
          const [, , , , e, f] = item.transform as number[];
          const size = Math.hypot(item.transform[2] as number, item.transform[3] as number) || item.height || 10;
          const perChar = item.str.length ? item.width / item.str.length : 0;
          rects.push([e! + perChar * at, f! - size * 0.2, e! + perChar * (at + word.length), f! + size * 0.9]);
          at = text.indexOf(word, at + word.length);
        }
      }
      if (rects.length) found.push({ page: n, rects });
    }
    setSearching(false);
    setMatches(found);
    setMatchIndex(0);
    if (found[0]) goTo(found[0].page);
  };

  const byPage = useMemo(() => new Map((matches ?? []).map((m) => [m.page, m.rects])), [matches]);
  const zoom = (dir: 1 | -1) => setZoomSetting(nextZoom(scale, dir));

  const download = async () => {
    if (onDownload && !(await onDownload())) return;
    const a = document.createElement("a");
    a.href = file;
    a.download = downloadName ?? "document.pdf";
    document.body.appendChild(a);
    a.click();
    a.remove();
  };

  if (!allowed) {
    return (
      <Text role="alert" color="red.700" p={4}>
        {t("document:viewer.refused")}
      </Text>
    );
  }
  if (failed) {
    return (
      <Text role="alert" color="red.700" p={4}>
        {t("document:viewer.failed")}
      </Text>
    );
  }
  const total = pdf?.numPages ?? 0;
  return (
    <div
      className="cca-pdf"
      onKeyDown={(e) => {
        if ((e.target as HTMLElement).tagName === "INPUT") return;
        if (e.key === "PageDown" || e.key === "ArrowRight") goTo(current + 1);
        else if (e.key === "PageUp" || e.key === "ArrowLeft") goTo(current - 1);
        else if (e.key === "+" || e.key === "=") zoom(1);
        else if (e.key === "-") zoom(-1);
        else return;
        e.preventDefault();
      }}
    >
      <div className="cca-pdf-toolbar" role="toolbar" aria-label={t("document:viewer.toolbar")}>
        <HStack gap={1}>
          <Button size="xs" variant="outline" onClick={() => goTo(current - 1)} disabled={!pdf || current <= 1}>
            {t("document:viewer.previous")}
          </Button>
          <label htmlFor={pageId} className="cca-visually-hidden">
            {t("document:viewer.page_number")}
          </label>
          <Input
            id={pageId}
            size="xs"
            width="3.5rem"
            bg="white"
            inputMode="numeric"
            value={pageInput}
            onChange={(e) => setPageInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") goTo(Number(pageInput) || 1);
            }}
          />
          <Text fontSize="sm" aria-live="polite">
            {t("document:viewer.of", { total })}
          </Text>
          <Button size="xs" variant="outline" onClick={() => goTo(current + 1)} disabled={!pdf || current >= total}>
            {t("document:viewer.next")}
          </Button>
        </HStack>
        <HStack gap={1}>
          <Button size="xs" variant="outline" onClick={() => zoom(-1)} aria-label={t("document:viewer.zoom_out")}>
            −
          </Button>
          <Text fontSize="sm" minW="3rem" textAlign="center">
            {Math.round(scale * 100)}%
          </Text>
          <Button size="xs" variant="outline" onClick={() => zoom(1)} aria-label={t("document:viewer.zoom_in")}>
            +
          </Button>
          <Button size="xs" variant="outline" onClick={() => setZoomSetting("fit")} aria-pressed={zoomSetting === "fit"}>
            {t("document:viewer.fit_width")}
          </Button>
        </HStack>
        <HStack
          as="form"
          gap={1}
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            void runSearch();
          }}
        >
          <label htmlFor={searchId} className="cca-visually-hidden">
            {t("document:viewer.search_label")}
          </label>
          <Input id={searchId} size="xs" width="9rem" bg="white" type="search" placeholder={t("document:viewer.search_label")} value={query} onChange={(e) => setQuery(e.target.value)} />
          <Button size="xs" type="submit" variant="outline" loading={searching} disabled={!pdf}>
            {t("document:viewer.search")}
          </Button>
          {matches && matches.length > 1 ? (
            <Button
              size="xs"
              variant="outline"
              onClick={() => {
                const next = (matchIndex + 1) % matches.length;
                setMatchIndex(next);
                goTo(matches[next]!.page);
              }}
            >
              {t("document:viewer.next_match")}
            </Button>
          ) : null}
        </HStack>
        <Text fontSize="sm" role="status" aria-live="polite">
          {matches === null ? "" : matches.length === 0 ? t("document:viewer.no_match") : t("document:viewer.matches", { pages: matches.map((m) => m.page).join(", ") })}
        </Text>
        <Button size="xs" colorPalette="teal" onClick={() => void download()} ml="auto">
          {t("document:viewer.download")}
        </Button>
      </div>
      <div className="cca-pdf-pages" ref={scroller} style={{ height }} tabIndex={0} aria-label={t("document:viewer.pages_label")}>
        {!pdf ? (
          <HStack justify="center" py={10} color="white">
            <Spinner aria-label={t("common:loading")} />
          </HStack>
        ) : (
          Array.from({ length: total }, (_, i) => i + 1).map((n) => <PdfPage key={n} pdf={pdf} pageNumber={n} scale={scale} matches={byPage.get(n) ?? []} registerRef={registerRef} />)
        )}
      </div>
    </div>
  );
}
