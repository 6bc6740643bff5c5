//! What serve mode adds to HTML responses: the live-reload script and, while
//! the newest build failed, an overlay listing its diagnostics. Never part
//! of `rulehub build` output.

use std::fmt::Write as _;

use crate::diagnostic::{Diagnostic, Severity};

/// Connects to the live-reload websocket and reloads the page on each
/// message; after a lost connection (server restarted) it retries and
/// reloads once it is back.
const RELOAD_SCRIPT: &str = r#"<script id="rulehub-livereload">
(function () {
  var lost = false;
  function connect() {
    var scheme = location.protocol === "https:" ? "wss:" : "ws:";
    var socket = new WebSocket(scheme + "//" + location.host + "/__rulehub/livereload");
    socket.onopen = function () { if (lost) { location.reload(); } };
    socket.onmessage = function (event) { if (event.data === "reload") { location.reload(); } };
    socket.onclose = function () { lost = true; setTimeout(connect, 1000); };
  }
  connect();
})();
</script>
"#;

/// Escapes text for HTML element content and attribute values (the same
/// escaping the site's pages use).
pub use crate::site::escape_html as html_escape;

/// A diagnostic as plain text in the compiler style: the message, the
/// place, the source line with a caret, the help.
pub fn render_plain(diagnostic: &Diagnostic) -> String {
    let mut out = String::new();
    let label = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let _ = writeln!(out, "{label}: {}", diagnostic.message);
    match diagnostic.position {
        Some(p) => {
            let _ = writeln!(
                out,
                "  --> {}:{}:{}",
                diagnostic.file.display(),
                p.line,
                p.column
            );
            if let Some(line) = diagnostic
                .source
                .as_deref()
                .and_then(|s| s.lines().nth(p.line.saturating_sub(1)))
            {
                let number = p.line.to_string();
                let pad = " ".repeat(number.len());
                let caret = " ".repeat(p.column.saturating_sub(1));
                let _ = writeln!(out, "{pad} |");
                let _ = writeln!(out, "{number} | {line}");
                let _ = writeln!(out, "{pad} | {caret}^");
            }
        }
        None => {
            let _ = writeln!(out, "  --> {}", diagnostic.file.display());
        }
    }
    if let Some(help) = &diagnostic.help {
        let _ = writeln!(out, "  = help: {help}");
    }
    out
}

/// The overlay's own colours, in light and dark mode. Every colour the
/// overlay shows is set here with `!important`, because the hub's theme styles
/// `pre` and `code` too (a white `pre` once hid near-white overlay text).
const OVERLAY_STYLE: &str = "<style id=\"rulehub-overlay-style\">\
#rulehub-overlay{--ro-bg:#fffaf9;--ro-fg:#1d1b1a;--ro-pre-bg:#f3ecea;--ro-error:#b3261e;--ro-warning:#8a5300;\
color-scheme:light dark;position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;\
background:var(--ro-bg)!important;color:var(--ro-fg)!important;\
font:14px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}\
@media (prefers-color-scheme:dark){#rulehub-overlay{--ro-bg:#18181c;--ro-fg:#f4f4f4;--ro-pre-bg:#24242a;--ro-error:#ff8a80;--ro-warning:#ffd180}}\
#rulehub-overlay pre,#rulehub-overlay code{background:var(--ro-pre-bg)!important;color:var(--ro-fg)!important;\
white-space:pre-wrap;margin:0 0 1.2rem;padding:.5rem 1rem;border:0;border-radius:0;font:inherit}\
#rulehub-overlay pre.error{border-left:4px solid var(--ro-error)}\
#rulehub-overlay pre.warning{border-left:4px solid var(--ro-warning)}\
#rulehub-overlay .rulehub-overlay-title{margin:0 0 1rem;font-size:1.15em;color:var(--ro-error)!important}\
#rulehub-overlay button{float:right}\
</style>\n";

/// The overlay shown on every page while the newest build failed.
pub fn overlay_html(diagnostics: &[Diagnostic]) -> String {
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let mut out = String::from(OVERLAY_STYLE);
    out.push_str("<div id=\"rulehub-overlay\" role=\"alert\">\n");
    let _ = writeln!(
        out,
        "<p class=\"rulehub-overlay-title\"><strong>rulehub: the build failed with {errors} {}.</strong> \
         The page below is the last good build; fix the file and it reloads.\
         <button type=\"button\" onclick=\"this.closest('#rulehub-overlay').remove()\">close</button></p>",
        if errors == 1 { "error" } else { "errors" }
    );
    // Errors first: they are why the page is stale.
    let ordered = diagnostics
        .iter()
        .filter(|d| d.is_error())
        .chain(diagnostics.iter().filter(|d| !d.is_error()));
    for diagnostic in ordered {
        let kind = if diagnostic.is_error() {
            "error"
        } else {
            "warning"
        };
        let _ = writeln!(
            out,
            "<pre class=\"rulehub-diagnostic {kind}\">{}</pre>",
            html_escape(&render_plain(diagnostic))
        );
    }
    out.push_str("</div>\n");
    out
}

/// `html` with the reload script (and the overlay, when given) added before
/// the closing `</body>`, or at the end when there is none.
pub fn inject(html: &str, overlay: Option<&str>) -> String {
    let mut addition = String::with_capacity(RELOAD_SCRIPT.len() + overlay.map_or(0, str::len));
    if let Some(overlay) = overlay {
        addition.push_str(overlay);
    }
    addition.push_str(RELOAD_SCRIPT);
    let at = html
        .to_ascii_lowercase()
        .rfind("</body>")
        .unwrap_or(html.len());
    let mut out = String::with_capacity(html.len() + addition.len());
    out.push_str(&html[..at]);
    out.push_str(&addition);
    out.push_str(&html[at..]);
    out
}

/// A page standing in for the whole site while no build has succeeded yet.
pub fn error_page(overlay: &str) -> String {
    inject(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>rulehub: build failed</title></head>\n<body>\n</body>\n</html>\n",
        Some(overlay),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Position;

    fn broken() -> Diagnostic {
        let source = "---\ntitle: \"<b>x</b>\"\nrules: tablut-edgy\n---\n";
        Diagnostic::error(
            "content/family/x.md",
            "unknown preset `<script>alert(1)</script>`",
        )
        .at(Position::at_line_column(source, 3, 8))
        .with_help("did you mean `tablut-edge`?")
        .with_source(source.into())
    }

    #[test]
    fn plain_rendering_points_at_the_column() {
        let text = render_plain(&broken());
        assert!(text.contains("--> content/family/x.md:3:8"), "{text}");
        assert!(
            text.contains("3 | rules: tablut-edgy\n  |        ^"),
            "{text}"
        );
        assert!(
            text.contains("= help: did you mean `tablut-edge`?"),
            "{text}"
        );
    }

    #[test]
    fn overlay_escapes_everything_from_the_hub() {
        let source = "---\ntitle: \"<b>x</b>\"\n---\n";
        let on_title = Diagnostic::error("x.md", "bad")
            .at(Position::at_line_column(source, 2, 1))
            .with_source(source.into());
        let html = overlay_html(&[broken(), on_title]);
        assert!(!html.contains("<script>alert"), "{html}");
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(html.contains("&quot;&lt;b&gt;x&lt;/b&gt;&quot;"));
    }

    /// The value of `property` in the first rule for `selector` in `css`.
    fn declared<'a>(css: &'a str, selector: &str, property: &str) -> Option<&'a str> {
        let rule = &css[css.find(&format!("{selector}{{"))?..];
        let body = &rule[..rule.find('}')?];
        body.split(['{', ';'])
            .find_map(|decl| decl.trim().strip_prefix(&format!("{property}:")))
    }

    #[test]
    fn overlay_text_has_its_own_colours_in_light_and_dark_mode() {
        let html = overlay_html(&[broken()]);
        let css = &html[..html.find("</style>").expect("the overlay brings its style")];
        let code_rule = "#rulehub-overlay pre,#rulehub-overlay code";
        assert_eq!(
            declared(css, code_rule, "background"),
            Some("var(--ro-pre-bg)!important")
        );
        assert_eq!(
            declared(css, code_rule, "color"),
            Some("var(--ro-fg)!important")
        );
        let dark = &css[css
            .find("prefers-color-scheme:dark")
            .expect("a dark scheme")..];
        for (scheme, rules) in [("light", css), ("dark", dark)] {
            let fg = declared(rules, "#rulehub-overlay", "--ro-fg").expect("foreground");
            let bg = declared(rules, "#rulehub-overlay", "--ro-pre-bg").expect("background");
            assert_ne!(fg, bg, "{scheme}: text and its background differ");
        }
        assert_eq!(
            declared(dark, "#rulehub-overlay", "--ro-fg"),
            Some("#f4f4f4")
        );
        assert_eq!(
            declared(css, "#rulehub-overlay", "--ro-fg"),
            Some("#1d1b1a")
        );
    }

    #[test]
    fn injection_goes_before_the_closing_body() {
        let page = "<html><body><p>hi</p></BODY></html>";
        let out = inject(page, Some("<div id=\"rulehub-overlay\"></div>"));
        let overlay = out.find("rulehub-overlay").expect("overlay");
        let script = out.find("rulehub-livereload").expect("script");
        let close = out.find("</BODY>").expect("body end");
        assert!(overlay < script && script < close);
        assert!(inject("<p>fragment</p>", None).ends_with("</script>\n"));
    }
}
