#!/usr/bin/env bash
# Builds the seed corpora of every fuzz target in fuzz/corpus/<target>/ from
# the hub's own content, the test fixtures and the bundled theme, so each
# target starts from inputs that already reach deep into its parser.
# Run it again after the fixtures change; it only adds files.
set -euo pipefail
cd "$(dirname "$0")"
exec python3 - <<'PY'
import hashlib, pathlib, re

root = pathlib.Path("..")
corpus = pathlib.Path("corpus")
pages = sorted(p for d in ("content", "tests/fixtures") for p in (root / d).rglob("*.md"))

def add(target, data):
    if isinstance(data, str):
        data = data.encode()
    folder = corpus / target
    folder.mkdir(parents=True, exist_ok=True)
    # Named by content, like libFuzzer's own files, so reruns add nothing twice.
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)

def split(text):
    """(front matter, body) of a page, or None without front matter."""
    m = re.match(r"---\r?\n(.*?\r?\n)---\r?\n(.*)", text, re.S)
    return (m.group(1), m.group(2)) if m else None

# One byte picks the board size or rule preset in several targets; these
# bytes give 7×7, 9×9 and 11×11 and the first three presets.
picks = [b"\x00", b"\x01", b"\x02", bytes([6 + 21 * 6]), bytes([8 + 21 * 8]), bytes([10 + 21 * 10])]
size_bytes = {7: bytes([4 + 17 * 4]), 9: bytes([6 + 17 * 6]), 11: bytes([8 + 17 * 8])}

for page in pages:
    text = page.read_text()
    add("front_matter", text)
    parts = split(text)
    if not parts:
        continue
    front, body = parts
    add("markdown", body)
    for block in re.findall(r"^```example[^\n]*\n(.*?)^```", body, re.S | re.M):
        for pick in picks[:3]:
            add("example_block", pick + block.encode())
    for setup in re.findall(r'^\s*setup:\s*"([^"]*)"', front, re.M):
        for pick in picks:
            add("setup", pick + setup.encode())
    # The render block, dedented into an ops file as `rulehub board` reads.
    m = re.search(r"^(\s*)render:\s*\n((?:\1\s+.*\n)+)", front, re.M)
    if m:
        lines = m.group(2).splitlines()
        indent = min(len(l) - len(l.lstrip()) for l in lines if l.strip())
        ops = "\n".join(l[indent:] for l in lines) + "\n"
        for size, pick in size_bytes.items():
            add("render_ops", pick + ops.encode())

# The end-to-end target: a variant, then after a NUL byte its translation.
for page in pages:
    if page.name.startswith("_") or page.name.count(".") > 1:
        continue
    cs = page.with_name(page.stem + ".cs.md")
    variant = page.read_bytes()
    add("hub_check", variant + (b"\x00" + cs.read_bytes() if cs.exists() else b""))

for hub in [root / "hub.yaml", *sorted((root / "tests/fixtures").glob("*/hub.yaml"))]:
    add("hub_config", hub.read_text())

palette = (root / "themes/default/palette.yaml").read_bytes()
for pick in size_bytes.values():
    add("palette", pick + palette)

for ftl in sorted((root / "themes/default/i18n").glob("*.ftl")):
    for pick in b"\x00\x01":
        add("i18n", bytes([pick]) + ftl.read_bytes())

# Game records: the CLI tests' short game, a long legal-looking one, marks,
# numbers, comments and a few broken lines.
records = [
    (2, "# a short Brandubh game\nb4-b6\n\n2. e4-e6   # numbered line\nf4-f6xe6\n"),
    (2, "b4-b6\nd4-d6\n"),
    (0, "1. e1-e2\n2. e3-f3\n3. d1-d2\n4. f3-f2xf1\n"),
    (6, "1. f1-f3\n2. f4-d4\n3. a4-c4xd4\n# done\n"),
    (0, "e1-e2 e2-e3\n12 e1-e2\nz9-a1\ne1e2\n1. e1-e2xq5\n"),
]
for pick, text in records:
    add("record", bytes([pick]) + text.encode())

# Sample games: every ```game block of the pages, under the first tafl
# preset of game_block's list for tafl pages and the first draughts one for
# draughts pages; the draughts ones also as PDN records.
for page in pages:
    text = page.read_text()
    draughts = "draughts" in page.parts
    for block in re.findall(r"^```game[^\n]*\n(.*?)^```", text, re.S | re.M):
        add("game_block", (b"\x03" if draughts else b"\x00") + block.encode())
        if draughts:
            for pick in b"\x00\x01\x02":
                add("pdn_record", bytes([pick]) + block.encode())
for pick, text in records:
    add("game_block", b"\x00" + text.encode())
pdn = [
    "[Event \"seed\"]\n[Result \"*\"]\n1. 11-15 22-18\n2. 15x22 25x18 *\n",
    "1. 11-15 { a comment\nover two lines } 22-18\n2. 15x22 25x18\n3. 8-11 29-25 1-0\n",
    "; a line comment\n1. 9-13 22-18 2. 13-17?! 21x14 ( 2... 10x17 )\n",
    "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 1/2-1/2\n4. 1-7\n",
]
for text in pdn:
    for pick in b"\x00\x01\x02":
        add("pdn_record", bytes([pick]) + text.encode())
fens = ["W:W21-32:B1-12", "B:W18,K3:B9,14", "\"W:WK46,31:B5\"", "W:W31-50:B1-20", "B:W:B", "W:WK1-3:BK30"]
for page in pages:
    if "draughts" in page.parts:
        fens += re.findall(r"^\s*(?:setup:|; setup:)\s*\"?([^\"\n]*)", page.read_text(), re.M)
for text in fens:
    for pick in b"\x00\x01\x02":
        add("fen", bytes([pick]) + text.encode())

# Translations with their sources (a NUL between), LF and CRLF.
for page in pages:
    parts = page.name.split(".")
    if len(parts) != 3:
        continue
    source = page.with_name(parts[0] + ".md")
    if source.exists():
        translation, original = page.read_bytes(), source.read_bytes()
        add("translation_meta", translation + b"\x00" + original)
        add("translation_meta", translation.replace(b"\n", b"\r\n") + b"\x00" + original)
PY
