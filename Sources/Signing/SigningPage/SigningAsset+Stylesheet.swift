extension SigningAsset {
    /// `signing.css`: the look of the signing page: the bar, the pages, the fields and the dialogs,
    /// from 375 px wide up.
    static let stylesheet = style(
        "signing.css",
        #"""
        /* The signing page: a bar with the document and the actions, the pages below it. */
        :root { --ink: #1d232a; --muted: #4a5561; --accent: #0b5cad; --accent-dark: #084a8c; --danger: #b3261e; --ok: #1a7f37; --paper: #ffffff; --desk: #e9edf1; --field: rgba(11, 92, 173, 0.08); --on-accent: #fff; --link: var(--accent); --button-radius: 6px; }
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        html, body { margin: 0; }
        body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--desk); }
        h1, h2 { line-height: 1.25; }

        .topbar { position: sticky; top: 0; z-index: 10; display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; padding: .625rem 1rem; background: var(--paper); border-bottom: 1px solid #d3d9df; box-shadow: 0 1px 3px rgba(0, 0, 0, .06); }
        .document-title { min-width: 0; flex: 1 1 14rem; }
        .document-title h1 { margin: 0; font-size: 1.125rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .signer { margin: 0; color: var(--muted); font-size: .875rem; }
        .progress { margin: 0; flex: 1 1 12rem; color: var(--muted); font-size: .9375rem; }
        .progress[data-left="0"] { color: var(--ok); }
        .actions, .document-actions { display: flex; flex-wrap: wrap; gap: .5rem; }
        .actions { margin-left: auto; }

        .button { display: inline-flex; align-items: center; justify-content: center; min-height: 2.5rem; padding: .375rem 1rem; border: 1px solid #b8c2cc; border-radius: var(--button-radius); background: var(--paper); color: var(--ink); font: inherit; font-size: .9375rem; text-decoration: none; cursor: pointer; }
        .button:hover { background: #f2f4f6; }
        .button.primary { background: var(--accent); border-color: var(--accent); color: var(--on-accent); font-weight: 600; }
        .button.primary:hover { background: var(--accent-dark); }
        .button.danger { background: var(--danger); border-color: var(--danger); color: #fff; font-weight: 600; }
        .button:disabled { opacity: .5; cursor: not-allowed; }
        .button.small { min-height: 2rem; padding: .125rem .75rem; font-size: .875rem; }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        a:not(.button) { color: var(--link); }

        .loading, .notice, .form-error { max-width: 52rem; margin: 1rem auto; padding: .75rem 1rem; border-radius: 6px; }
        .loading { color: var(--muted); text-align: center; }
        .notice { background: #fff8e1; border: 1px solid #e8cf7a; }
        .form-error { background: #fdecea; border: 1px solid #f1b3ad; color: var(--danger); }

        .pages { display: flex; flex-direction: column; align-items: center; gap: 1.25rem; padding: 1.25rem 1rem 3rem; }
        .page-frame { position: relative; flex: none; }
        .page { position: absolute; top: 0; left: 0; transform-origin: 0 0; background: var(--paper); box-shadow: 0 1px 4px rgba(0, 0, 0, .18); }
        .page-image { position: absolute; inset: 0; width: 100%; height: 100%; }

        .field { position: absolute; display: flex; border: 1.5px dashed var(--accent); border-radius: 3px; background: var(--field); }
        .field::after { content: ""; position: absolute; top: -4px; right: -4px; width: 8px; height: 8px; border-radius: 50%; background: var(--danger); }
        .field.done { border-style: solid; border-color: var(--ok); background: rgba(26, 127, 55, .06); }
        .field.done::after, .field[data-optional]::after { display: none; }
        .field.invalid { border-style: solid; border-color: var(--danger); background: rgba(179, 38, 30, .06); }
        .field.highlight { animation: highlight 1.2s ease-out 2; }
        @keyframes highlight { 0% { box-shadow: 0 0 0 0 rgba(240, 165, 0, .9); } 100% { box-shadow: 0 0 0 12px rgba(240, 165, 0, 0); } }
        .field > input, .field > select, .field > button { width: 100%; height: 100%; min-width: 0; margin: 0; padding: 0 .25em; border: 0; background: transparent; color: var(--ink); font: inherit; font-size: 1em; }
        .field > input[readonly] { color: var(--muted); }
        .field > input[type="checkbox"] { padding: 0; accent-color: var(--accent); cursor: pointer; }
        .field-checkbox { border-radius: 2px; }
        .field > button { display: flex; align-items: center; justify-content: center; cursor: pointer; font-weight: 600; color: var(--accent); }
        .field > button img { max-width: 100%; max-height: 100%; object-fit: contain; }
        .field-message { position: absolute; top: 100%; left: -1px; z-index: 5; pointer-events: none; margin: 4px 0 0; padding: .125rem .375rem; min-width: 12rem; max-width: 20rem; border-radius: 4px; background: var(--danger); color: #fff; font-size: 12px; line-height: 1.4; }

        .outcome { max-width: 36rem; margin: 3rem auto; padding: 2rem; border-radius: 8px; background: var(--paper); box-shadow: 0 1px 4px rgba(0, 0, 0, .12); text-align: center; }
        .outcome h2 { margin-top: 0; font-size: 1.5rem; }
        .outcome p { color: var(--muted); }

        .passcode { width: min(28rem, calc(100vw - 1.5rem)); margin: 3rem auto; padding: 1.25rem; border-radius: 10px; background: var(--paper); box-shadow: 0 1px 4px rgba(0, 0, 0, .12); }
        .passcode h2 { margin: 0 0 .75rem; font-size: 1.25rem; }
        .passcode p:not(.dialog-error) { margin: 0 0 .75rem; color: var(--muted); font-size: .9375rem; }
        .passcode p.passcode-document { color: var(--ink); overflow-wrap: anywhere; }
        .passcode-document .signer { display: block; }
        .passcode label { display: block; font-weight: 600; margin-bottom: .25rem; }
        .passcode input { width: 100%; padding: .5rem; border: 1px solid #b8c2cc; border-radius: 6px; font: inherit; }
        .passcode input[aria-invalid="true"] { border-color: var(--danger); }

        dialog { width: min(40rem, calc(100vw - 1.5rem)); max-height: calc(100vh - 1.5rem); padding: 1.25rem; border: 0; border-radius: 10px; color: var(--ink); box-shadow: 0 10px 40px rgba(0, 0, 0, .3); }
        dialog::backdrop { background: rgba(17, 24, 39, .55); }
        dialog h2 { margin: 0 0 .75rem; font-size: 1.25rem; }
        .tabs { display: flex; gap: .25rem; border-bottom: 1px solid #d3d9df; margin-bottom: .75rem; }
        .tabs [role="tab"] { padding: .5rem 1rem; border: 0; border-bottom: 3px solid transparent; background: none; color: var(--muted); font: inherit; cursor: pointer; }
        .tabs [role="tab"][aria-selected="true"] { border-bottom-color: var(--accent); color: var(--ink); font-weight: 600; }
        .panel label { display: block; font-weight: 600; margin-bottom: .25rem; }
        .panel input[type="text"], dialog textarea { width: 100%; padding: .5rem; border: 1px solid #b8c2cc; border-radius: 6px; font: inherit; }
        .pad { display: block; width: 100%; aspect-ratio: 3 / 1; height: auto; margin: .5rem 0; border: 1px solid #b8c2cc; border-radius: 6px; background: #fff; background-image: linear-gradient(transparent calc(75% - 1px), #c9d1d9 calc(75% - 1px), #c9d1d9 75%, transparent 75%); touch-action: none; }
        #draw-pad { cursor: crosshair; }
        .consent { font-size: .875rem; color: var(--muted); }
        .dialog-error { min-height: 1.25rem; margin: .25rem 0; color: var(--danger); font-size: .875rem; }
        .dialog-actions { display: flex; justify-content: flex-end; gap: .5rem; margin-top: .75rem; }

        @media (max-width: 40rem) {
          .topbar { display: grid; grid-template-columns: minmax(0, 1fr) auto; grid-template-areas: "title documents" "progress progress" "actions actions"; padding: .5rem .75rem; gap: .375rem .5rem; }
          .document-title { grid-area: title; }
          .document-title h1 { font-size: 1rem; }
          .signer { display: none; }
          .progress { grid-area: progress; font-size: .875rem; }
          .document-actions { grid-area: documents; flex-wrap: nowrap; }
          .document-actions .button { min-height: 2rem; padding: .125rem .625rem; font-size: .875rem; }
          .actions { grid-area: actions; margin-left: 0; flex-wrap: nowrap; }
          .actions .button { flex: 1 1 auto; min-height: 2.25rem; padding: .25rem .5rem; font-size: .875rem; }
          .pages { padding: .75rem .5rem 2rem; gap: .75rem; }
          .field-message { min-width: 8rem; font-size: 11px; }
          .passcode { margin: 1.5rem auto; }
        }
        @media (prefers-reduced-motion: reduce) {
          .field.highlight { animation: none; outline: 3px solid #f0a500; }
        }
        """#)
}
