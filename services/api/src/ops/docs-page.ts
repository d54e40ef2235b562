import { escapeHtml } from "@sportsbook/contracts/html";

export interface OpenApiDocument {
  info: { title: string; description?: string };
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        tags?: string[];
        description?: string;
        parameters?: unknown[];
        requestBody?: unknown;
        responses?: Record<string, unknown>;
      }
    >
  >;
}

/**
 * The reference page's Content-Security-Policy: it has no script, loads nothing and posts nothing;
 * like the pages, only this site may frame it.
 */
export const DOCS_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** A self-contained HTML reference generated from the OpenAPI document (no external assets). */
export function docsPage(doc: OpenApiDocument): string {
  const sections: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const [method, op] of Object.entries(methods)) {
      const details = {
        parameters: op.parameters,
        requestBody: op.requestBody,
        responses: op.responses,
      };
      sections.push(`<details><summary><code>${method.toUpperCase()} ${escapeHtml(path)}</code> ${escapeHtml(op.summary ?? "")}</summary>
<pre>${escapeHtml(JSON.stringify(details, null, 2))}</pre></details>`);
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}summary{cursor:pointer;padding:.25rem 0}pre{background:#f4f4f4;padding:.75rem;overflow:auto;font-size:.8rem}</style>
</head><body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description ?? "")}</p>
<p>Machine-readable: <a href="openapi.json">openapi.json</a>. Errors: see the error catalogue.</p>
${sections.join("\n")}</body></html>`;
}
