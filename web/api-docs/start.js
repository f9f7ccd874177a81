// Starts the API reference (/api/docs) on the document that the API serves.
// A file of its own, not an inline script: the server's Content-Security-Policy
// allows scripts from the origin only. It runs before Scalar's bundle (both
// are deferred, in order) and starts it once the page is parsed.
// Options: https://scalar.com/products/api-references/configuration

// Zod, inside Scalar, finds out whether it may compile code by calling
// Function() once: the policy refuses that and reports a violation. Without
// compiling (jitless) it never asks.
globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;

document.addEventListener('DOMContentLoaded', () => {
  Scalar.createApiReference('#reference', {
    url: '/api/v1/openapi.json',
    metaData: { title: 'Cash Control API' },
    // Without darkMode it follows the system's light or dark until the reader picks one with the toggle.
    // Nothing leaves the origin: no web fonts, telemetry, AI agent or MCP, and no
    // link that hands the document to Scalar's hosted client (Test Request stays, in the page).
    withDefaultFonts: false,
    hideClientButton: true,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never',
    documentDownloadType: 'json',
  });
});
